"""Domain records shared by engines and families: conflicts, their resolutions and dissent."""
