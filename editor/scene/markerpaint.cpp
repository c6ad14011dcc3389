#include "markerpaint.h"

#include <QPainter>

namespace goap::editor {

QFont mapLabelFont()
{
    QFont f;
    f.setPointSizeF(8);
    return f;
}

void paintCharacterDisc(QPainter &p, const QColor &color, bool selected)
{
    p.setPen(QPen(selected ? QColor(0, 120, 215) : color.darker(160), selected ? 3 : 1.5));
    QColor fill = color;
    fill.setAlphaF(0.85);
    p.setBrush(fill);
    p.drawEllipse(QPointF(0, 0), 9, 9);
    p.setPen(Qt::NoPen);
    p.setBrush(Qt::white);
    p.drawEllipse(QPointF(0, -2.5), 2.6, 2.6);
    p.drawPie(QRectF(-4.5, 0.5, 9, 8), 0, 180 * 16);
}

} // namespace goap::editor
