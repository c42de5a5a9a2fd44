"""Two-player games solved by search: Tic-tac-toe, Connect Four, Chomp, Domineering."""
