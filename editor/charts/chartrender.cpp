#include "chartrender.h"

#include "charts/daycharts.h"

#include <QPainter>

namespace goap::editor {

QImage renderDayCharts(std::shared_ptr<const CompiledScenario> scenario, const sim::Samples &samples,
                       const sim::EventLog &events, const QSize &size, const QString &title)
{
    const int titleHeight = 34;
    const int half = (size.height() - titleHeight) / 2;
    InsistenceChart insistence;
    QuotaChart quotas;
    for (DayChart *chart : std::initializer_list<DayChart *>{&insistence, &quotas}) {
        chart->reset(scenario);
        chart->update(samples, events);
        chart->legend->setFont(QFont(chart->font().family(), 7));
    }
    insistence.axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    quotas.axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter p(&image);
    QFont f = p.font();
    f.setPointSize(12);
    f.setBold(true);
    p.setFont(f);
    p.drawText(QRect(0, 0, size.width(), titleHeight), Qt::AlignCenter, title);
    p.drawPixmap(0, titleHeight, insistence.toPixmap(size.width(), half));
    p.drawPixmap(0, titleHeight + half, quotas.toPixmap(size.width(), half));
    p.end();
    return image;
}

} // namespace goap::editor
