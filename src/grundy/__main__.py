"""``python -m grundy`` runs the command line."""

from grundy.cli.main import main

raise SystemExit(main())
