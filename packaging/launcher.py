"""PyInstaller entry script: absolute imports only (a package ``__main__`` with relative imports fails)."""

import multiprocessing

from game.__main__ import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    raise SystemExit(main())
