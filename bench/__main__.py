"""`python -m bench [--quick] [--uri URI]`: the one benchmark table (bench/table.py);
`python -m bench crash --kills N`: the crash campaign (bench/crash.py)."""

import sys

if len(sys.argv) > 1 and sys.argv[1] == "crash":
    from bench.crash import main as crash_main

    crash_main(sys.argv[2:])
else:
    from bench.table import main

    main()
