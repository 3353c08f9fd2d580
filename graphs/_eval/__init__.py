"""The deliberation scorecard behind `council eval`: scenario families kept as data, scored."""
