"""``python -m grundy`` runs the command line."""

from grundy.cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())
