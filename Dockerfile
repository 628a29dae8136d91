# audiopoker's room (`audiopoker server`) in a container: README, "Run your own room".
#   docker build -t audiopoker-room .
#   docker run -d --name audiopoker-room -p 7778:7778 \
#     -v audiopoker-data:/var/lib/audiopoker -v /etc/audiopoker/tls:/etc/audiopoker/tls:ro \
#     audiopoker-room [--admin NAME ...]
# Options after the image name are added to the server's (tests/test_deploy.py checks that
# every option the ENTRYPOINT gives is one the server knows).

# The official slim image of Python 3.11 on Debian 12; the tag follows 3.11's patch releases,
# so a rebuild picks up their security fixes. BASE lets a stand-in with the same layout be used
# where the registry cannot be reached.
ARG BASE=python:3.11-slim-bookworm
FROM ${BASE}

ENV PYTHONDONTWRITEBYTECODE=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    AUDIOPOKER_DATA_DIR=/var/lib/audiopoker \
    PATH=/opt/audiopoker/venv/bin:$PATH

# The package and its room extra only (no test tools), in a venv the room's user cannot write.
COPY . /tmp/src
RUN python -m venv /opt/audiopoker/venv \
    && /opt/audiopoker/venv/bin/pip install "/tmp/src[room]" \
    && rm -rf /tmp/src

# A fixed uid and gid, so a host can give the TLS key to the container's user alone.
RUN groupadd --system --gid 10001 audiopoker \
    && useradd --system --uid 10001 --gid audiopoker --home-dir /var/lib/audiopoker \
       --shell /usr/sbin/nologin audiopoker \
    && install -d -m 0750 -o audiopoker -g audiopoker /var/lib/audiopoker \
    && install -d -m 0755 /etc/audiopoker/tls

# The database and the log: keep them in a volume, so a new image keeps the accounts.
VOLUME ["/var/lib/audiopoker"]
USER audiopoker
WORKDIR /var/lib/audiopoker
EXPOSE 7778

# Healthy while the room completes a TLS handshake on its port (this logs nothing).
HEALTHCHECK --interval=60s --timeout=10s --start-period=20s --retries=3 \
    CMD ["python", "-c", "import socket, ssl; c = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT); c.check_hostname = False; c.verify_mode = ssl.CERT_NONE; c.wrap_socket(socket.create_connection(('127.0.0.1', 7778), 5)).close()"]

# Python is process 1: it closes the room on the SIGTERM of `docker stop`, then exits 0.
ENTRYPOINT ["python", "-m", "audiopoker", "server", \
    "--bind", "0.0.0.0", "--port", "7778", \
    "--certfile", "/etc/audiopoker/tls/fullchain.pem", \
    "--keyfile", "/etc/audiopoker/tls/privkey.pem", \
    "--database", "/var/lib/audiopoker/audiopoker-room.sqlite3"]
CMD []
