"""The coordination pipeline: plan, route, choose a topology, dispatch in waves, merge, roll up."""
