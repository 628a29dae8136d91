"""The few sentences the output layer says itself (history and clipboard feedback).

Kept here until the narration's gettext catalogs take them over.
"""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "history_empty": "No messages yet.",
        "copied": "Copied to the clipboard.",
        "clipboard_unavailable": "The clipboard is not available on this system.",
        "nothing_to_copy": "Nothing to copy yet.",
    },
    "es": {
        "history_empty": "Todavía no hay mensajes.",
        "copied": "Copiado al portapapeles.",
        "clipboard_unavailable": "El portapapeles no está disponible en este sistema.",
        "nothing_to_copy": "Todavía no hay nada que copiar.",
    },
}


def text(key: str, lang: str) -> str:
    """The sentence ``key`` in ``lang``, falling back to English."""
    return STRINGS.get(lang, STRINGS["en"]).get(key) or STRINGS["en"][key]
