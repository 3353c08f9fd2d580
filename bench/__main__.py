"""`python -m bench [--quick] [--uri URI]`: the one benchmark table (bench/table.py)."""

from bench.table import main

if __name__ == "__main__":
    main()
