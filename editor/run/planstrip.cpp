#include "planstrip.h"

#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

namespace goap::editor {

PlanStrip::PlanStrip(QWidget *parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);
    setToolTip(tr(
        "The plan, step by step: where each step is done and the walk there; hover a step for what it needs and does"));
}

void PlanStrip::setSteps(const QList<PlanStripStep> &steps)
{
    m_steps = steps;
    updateGeometry();
    resize(sizeHint());
    update();
}

QRect PlanStrip::stepRect(int step) const
{
    return QRect(4 + step * (kWidth + kGap), 4, kWidth, kHeight);
}

QSize PlanStrip::sizeHint() const
{
    return QSize(8 + int(std::max<qsizetype>(1, m_steps.size())) * (kWidth + kGap) - kGap, kHeight + 8);
}

void PlanStrip::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    if (m_steps.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect().adjusted(6, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft, tr("No plan."));
        return;
    }
    QFont bold = font(), small = font();
    bold.setBold(true);
    small.setPointSizeF(font().pointSizeF() * 0.85);
    for (int k = 0; k < m_steps.size(); ++k) {
        const PlanStripStep &s = m_steps[k];
        const QRect r = stepRect(k);
        if (k > 0) { // the arrow from the step before
            const int y = r.center().y();
            p.setPen(QPen(QColor(0x90, 0x90, 0x90), 1.5));
            p.drawLine(r.left() - kGap + 2, y, r.left() - 3, y);
            p.drawLine(r.left() - 7, y - 4, r.left() - 3, y);
            p.drawLine(r.left() - 7, y + 4, r.left() - 3, y);
        }
        QPainterPath box;
        box.addRoundedRect(QRectF(r).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);
        p.fillPath(box,
                   s.current    ? QColor(0xd8, 0xe9, 0xfb)
                       : s.done ? QColor(0xf0, 0xf0, 0xf0)
                                : QColor(0xfb, 0xfa, 0xf6));
        p.setPen(QPen(s.current ? QColor(0x15, 0x65, 0xc0) : QColor(0xb0, 0xb0, 0xb0), s.current ? 2 : 1));
        p.drawPath(box);
        const QRect text = r.adjusted(7, 4, -6, -4);
        p.setPen(s.done ? QColor(0x80, 0x80, 0x80) : QColor(0x21, 0x21, 0x21));
        p.setFont(bold);
        p.drawText(text, Qt::AlignLeft | Qt::AlignTop,
                   p.fontMetrics().elidedText((s.done ? QStringLiteral("✓ ") : QString()) + s.title, Qt::ElideRight,
                                              text.width()));
        p.setFont(small);
        const int line = p.fontMetrics().height();
        p.drawText(text.adjusted(0, line + 3, 0, 0), Qt::AlignLeft | Qt::AlignTop,
                   p.fontMetrics().elidedText(s.where.isEmpty() ? tr("where it stands") : s.where, Qt::ElideRight,
                                              text.width()));
        p.setPen(QColor(0x60, 0x60, 0x60));
        p.drawText(text.adjusted(0, 2 * line + 4, 0, 0), Qt::AlignLeft | Qt::AlignTop,
                   p.fontMetrics().elidedText(s.walk, Qt::ElideRight, text.width()));
    }
}

bool PlanStrip::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        for (int k = 0; k < m_steps.size(); ++k)
            if (stepRect(k).contains(help->pos())) {
                const PlanStripStep &s = m_steps[k];
                QToolTip::showText(
                    help->globalPos(),
                    QStringLiteral("%1\n%2%3\n%4")
                        .arg(s.title, s.where, s.walk.isEmpty() ? QString() : QStringLiteral(", ") + s.walk, s.details),
                    this, stepRect(k));
                return true;
            }
    }
    return QWidget::event(event);
}

} // namespace goap::editor
