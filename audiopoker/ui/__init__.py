"""The human seat: the key loop, the keymap, the raise amount entry, help and the lesson."""
