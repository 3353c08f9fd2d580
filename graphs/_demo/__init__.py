"""Demo data for `council demo` and Studio: the demo org, scenarios and scripted agents."""
