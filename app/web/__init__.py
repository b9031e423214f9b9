"""FastAPI routers, auth (seat cookie, moderator link), i18n, rendering of views."""
