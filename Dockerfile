# The Deux Rois server as one image. `docker compose up` runs it with PostgreSQL
# (docker-compose.yml); alone it keeps a SQLite file under /app/data.
# The server migrates its database by itself at start: no separate step.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# A fixed uid/gid so a bind-mounted data folder can be chown'ed from the host.
RUN groupadd --system --gid 10001 deuxrois \
 && useradd --system --uid 10001 --gid deuxrois --home-dir /app --no-create-home deuxrois

# Dependencies first, in their own layer, so a code change does not reinstall
# them. The install is editable because the app finds migrations/, templates/
# and static/ next to its package (app/store/database.py).
COPY pyproject.toml ./
RUN mkdir app && touch app/__init__.py \
 && pip install --no-cache-dir -e .

COPY . .
# data/ is where the default SQLite file lives (DATABASE_URL unset): the only
# place the server writes, and the one to mount a volume on.
RUN mkdir -p /app/data && chown deuxrois:deuxrois /app/data

# Numeric, so a runtime can check it is not root without reading /etc/passwd.
USER 10001:10001

EXPOSE 8000

# python:*-slim has no curl: ask /healthz with the standard library.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4).status != 200)"]

CMD ["deuxrois", "serve", "--host", "0.0.0.0", "--port", "8000"]
