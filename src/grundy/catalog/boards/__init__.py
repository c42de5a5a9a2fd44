"""Two-player board games solved by search: tic-tac-toe, Connect Four, Chomp, Domineering."""
