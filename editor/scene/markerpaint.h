#pragma once
// What the map's markers and the run's tokens draw alike: the font of their
// labels and a character's disc.

#include <QColor>
#include <QFont>
#include <QPixmap>

class QPainter;

namespace goap::editor {

// The font of a marker's or a token's label.
QFont mapLabelFont();

// A character's disc (24 x 24 logical pixels, the disc's centre in the
// middle): its colour with a figure on it, a blue ring when selected. Drawn
// once per colour, selection and pixel ratio, and kept.
const QPixmap &characterDisc(const QColor &color, bool selected, qreal dpr);

// The same disc painted with `p` (antialiased), centred on its origin, in
// logical pixels: what characterDisc and the live crowd's atlas are made of.
void paintCharacterDisc(QPainter &p, const QColor &color, bool selected);

} // namespace goap::editor
