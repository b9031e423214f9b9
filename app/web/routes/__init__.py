"""One router per page family."""
