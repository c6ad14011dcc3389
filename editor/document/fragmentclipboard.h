#pragma once
// Fragments (model/fragment.h) on the system clipboard: the JSON in its own
// MIME type (kFragmentMimeType) and as text/plain, so it pastes into a text
// editor too. Reading takes the MIME type first, else text that is JSON, and
// checks it as readFragment() does: the clipboard is never trusted.

#include "model/fragment.h"

namespace goap::editor {

void copyToClipboard(const Fragment &fragment);
FragmentRead fragmentFromClipboard();

} // namespace goap::editor
