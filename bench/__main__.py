"""`python -m bench [--quick] [--uri URI]`: the one benchmark table (bench/table.py);
`python -m bench crash --kills N`: the crash campaign (bench/crash.py);
`python -m bench scaleout`: meetings/s on one and two LangGraph Server replicas (bench/scaleout.py,
in the server venv of .ci/server-venv);
`python -m bench profile`: where the time of each MISS row goes (bench/profiles.py);
`python -m bench.folded`: what folding a meeting's channels would buy (bench/folded.py)."""

import sys

if len(sys.argv) > 1 and sys.argv[1] == "crash":
    from bench.crash import main as crash_main

    crash_main(sys.argv[2:])
elif len(sys.argv) > 1 and sys.argv[1] == "scaleout":
    from bench.scaleout import main as scaleout_main

    scaleout_main(sys.argv[2:])
elif len(sys.argv) > 1 and sys.argv[1] == "profile":
    from bench.profiles import main as profile_main

    profile_main(sys.argv[2:])
else:
    from bench.table import main

    main()
