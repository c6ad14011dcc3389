#pragma once
// What the map's markers and the run's tokens draw alike: the font of their
// labels and a character's disc.

#include <QColor>
#include <QFont>

class QPainter;

namespace goap::editor {

// The font of a marker's or a token's label.
QFont mapLabelFont();

// A character's disc painted with `p` (antialiased), centred on its origin,
// 24 x 24 logical pixels: its colour with a figure on it, a blue ring when
// selected. What the crowds' atlas (CrowdSprites) is made of.
void paintCharacterDisc(QPainter &p, const QColor &color, bool selected);

} // namespace goap::editor
