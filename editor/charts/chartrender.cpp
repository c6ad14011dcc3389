#include "chartrender.h"

#include "charts/daycharts.h"

#include <QIODevice>
#include <QPdfWriter>

namespace goap::editor {

namespace {

void paintBoth(QCPPainter &painter, DayChart &top, DayChart &bottom, const QSize &size, const QString &title)
{
    QFont f = top.font();
    f.setPointSizeF(13);
    f.setBold(true);
    painter.setFont(f);
    painter.setPen(Qt::black);
    const int titleHeight = title.isEmpty() ? 0 : QFontMetrics(f, painter.device()).height() + 14;
    painter.drawText(QRect(0, 0, size.width(), titleHeight), Qt::AlignCenter, title);
    const int half = (size.height() - titleHeight) / 2;
    top.paintExport(&painter, QRect(0, titleHeight, size.width(), half), {});
    bottom.paintExport(&painter, QRect(0, titleHeight + half, size.width(), size.height() - titleHeight - half), {});
}

bool hasQuotas(const CompiledScenario &s)
{
    for (const CompiledAgent &a : s.agents)
        for (const CompiledAgentGoal &g : a.goals)
            if (s.goals[size_t(g.goal)].kind == GoalKind::Quota)
                return true;
    return false;
}

} // namespace

QString writeDayCharts(std::shared_ptr<const CompiledScenario> scenario, const sim::Samples &samples,
                       const sim::EventLog &events, const PlotOptions &options, QIODevice *device, bool pdf)
{
    InsistenceChart insistence;
    QuotaChart quotas;
    WorldChart world;
    if (scenario)
        quotas.setReference(chartReferenceFor(*scenario));
    // Below the insistence: quota progress, or the world (the hospital's queue
    // and free places, who came and who left) when nobody has a quota.
    DayChart &bottom = scenario && !hasQuotas(*scenario) ? static_cast<DayChart &>(world) : quotas;
    for (DayChart *chart : std::initializer_list<DayChart *> {&insistence, &bottom}) {
        chart->reset(scenario);
        chart->update(samples, events);
        chart->xAxis->setRange(0, chart->keyOf(samples.rows() ? samples.rowDay.back() + 1 : 1, 0));
    }
    if (pdf) {
        QPdfWriter writer(device);
        writer.setCreator(QStringLiteral("goap-plot"));
        writer.setTitle(options.title);
        writer.setResolution(96); // one painter unit is a pixel at 96 dpi, as in the PNG
        writer.setPageLayout(
            QPageLayout(QPageSize(QSizeF(options.size) * 0.75, QPageSize::Point, {}, QPageSize::ExactMatch),
                        QPageLayout::Portrait, QMarginsF()));
        QCPPainter painter;
        if (!painter.begin(&writer))
            return QStringLiteral("the PDF could not be started");
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        paintBoth(painter, insistence, bottom, options.size, options.title);
        painter.end();
    } else {
        const QImage image = paintScaled(options.size, options.scale, [&](QCPPainter &painter) {
            paintBoth(painter, insistence, bottom, options.size, options.title);
        });
        if (image.isNull())
            return QStringLiteral("cannot make a %1 x %2 picture").arg(options.size.width()).arg(options.size.height());
        if (!image.save(device, "PNG"))
            return device->errorString().isEmpty() ? QStringLiteral("the PNG could not be encoded")
                                                   : device->errorString();
    }
    return {};
}

} // namespace goap::editor
