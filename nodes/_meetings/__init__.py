"""Meetings: agenda, minutes, positions, detectors, synthesis and the meeting graph state."""
