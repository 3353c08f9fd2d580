"""The CLI behind `council`: parsing in `graphs.cli`, the commands here."""
