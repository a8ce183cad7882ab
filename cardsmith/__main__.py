"""``python -m cardsmith``: the same command line as the installed ``cardsmith``."""
import sys

from cardsmith.cli import main

if __name__ == "__main__":
    sys.exit(main())
