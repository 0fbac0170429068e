"""Names for messages: the closest ones first, for "did you mean"."""

def _distance(a, b):
    """Levenshtein distance of two strings (iterative, two rows)."""
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
        prev = cur
    return prev[len(b)]

def closest_names(name, candidates, n = 3):
    """The n candidates closest to name (edit distance, then name order).

    Args:
      name: the name as written.
      candidates: the names it could have meant.
      n: how many to return.

    Returns:
      list of string.
    """
    scored = sorted([(_distance(name, c), c) for c in candidates])
    return [c for _, c in scored[:n]]

def did_you_mean(name, candidates):
    """The " Did you mean X, Y or Z?" part of a message (empty when nothing is close).

    Args:
      name: the name as written.
      candidates: the names it could have meant.

    Returns:
      string.
    """
    close = [c for c in closest_names(name, candidates) if _distance(name, c) <= max(2, len(name) // 3)]
    if not close:
        return ""
    if len(close) == 1:
        return " Did you mean %s?" % close[0]
    return " Did you mean %s or %s?" % (", ".join(close[:-1]), close[-1])
