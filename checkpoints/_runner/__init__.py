"""The code that runs graphs: escalation resumes, the resume policy, shutdown, triggers."""
