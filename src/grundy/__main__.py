"""``python -m grundy`` runs the command line."""

from grundy.cli.main import program

if __name__ == "__main__":
    program()
