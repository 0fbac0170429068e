"""Go modules rules_sycl imports, as go_repository rules (kept by Gazelle's update-repos)."""

def go_dependencies():
    """Declares the Go modules of go.mod."""
    pass
