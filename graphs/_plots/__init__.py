"""Pictures of runs and graphs, drawn offline with matplotlib (the `plots` extra).

`plot_run` (in `run.py`, exported by the graphs facade) picks the picture for what it is given;
one module per picture: `pipeline.py` (waves and attempts over time), `meeting.py` (turns and
talk share), `conflict.py` (the path through a strategy), `shape.py` (a graph's nodes and
edges). Nothing here imports matplotlib at module level: `figure.py` does, when a picture is
asked for, and says which extra to install when it is missing.
"""
