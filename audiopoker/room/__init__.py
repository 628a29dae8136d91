"""The room (issue 28): a long-running server of many tables, with accounts, a lobby,
spectators and channels. This package holds what the room keeps (``room_db``) and its
accounts (``accounts``); the server and the client build on them."""
