#include "graphlayout.h"

#include "filedialogs.h"
#include "graph/render.h"
#include "io/savefile.h"

#include <QFileInfo>
#include <QGraphicsScene>
#include <QImage>
#include <QLineF>
#include <QMenu>
#include <QMessageBox>
#include <QMetaObject>
#include <QObject>
#include <QPainter>
#include <QStringList>

namespace goap::editor {

namespace {

constexpr double kDpi = 72; // Graphviz's plain output is in inches

// Splits a line of Graphviz's plain output into words; "quoted words" keep their spaces.
QStringList words(const QString &line)
{
    QStringList out;
    QString word;
    bool quoted = false, escaped = false, any = false;
    for (const QChar c : line) {
        if (quoted) {
            if (escaped) {
                word += c;
                escaped = false;
            } else if (c == u'\\')
                escaped = true;
            else if (c == u'"')
                quoted = false;
            else
                word += c;
        } else if (c == u'"') {
            quoted = any = true;
        } else if (c.isSpace()) {
            if (any || !word.isEmpty())
                out << word;
            word.clear();
            any = false;
        } else {
            word += c;
            any = true;
        }
    }
    if (any || !word.isEmpty())
        out << word;
    return out;
}

} // namespace

GraphLayout parsePlain(const QByteArray &plain)
{
    GraphLayout out;
    double height = 0;
    for (const QString &line : QString::fromUtf8(plain).split(u'\n')) {
        const QStringList w = words(line);
        if (w.isEmpty())
            continue;
        if (w[0] == u"graph" && w.size() >= 4) {
            height = w[3].toDouble();
        } else if (w[0] == u"node" && w.size() >= 6) {
            out.nodes.insert(w[1],
                             QRectF((w[2].toDouble() - w[4].toDouble() / 2) * kDpi,
                                    (height - w[3].toDouble() - w[5].toDouble() / 2) * kDpi, w[4].toDouble() * kDpi,
                                    w[5].toDouble() * kDpi));
        } else if (w[0] == u"edge" && w.size() >= 4) {
            const int points = w[3].toInt();
            if (points < 2 || w.size() < 4 + 2 * points)
                continue;
            std::vector<QPointF> p;
            for (int k = 0; k < points; ++k)
                p.emplace_back(w[4 + 2 * k].toDouble() * kDpi, (height - w[5 + 2 * k].toDouble()) * kDpi);
            LaidOutEdge e {w[1], w[2], QPainterPath(p[0]), p.back(), p[p.size() - 2]};
            for (size_t k = 1; k + 2 < p.size(); k += 3)
                e.path.cubicTo(p[k], p[k + 1], p[k + 2]);
            out.edges.push_back(std::move(e));
        }
    }
    return out;
}

QString exportGraph(QGraphicsScene *scene, const QByteArray &dot, const QString &fileName, const QString &format)
{
    if (dot.isEmpty())
        return QObject::tr("There is no graph to export yet.");
    const QString as = format.isEmpty() ? QFileInfo(fileName).suffix().toLower() : format.toLower();
    if (as == u"dot")
        return saveFileSafely(fileName, dot);
    if (as == u"svg") {
        QString error;
        const std::optional<QByteArray> svg = renderDot(dot, "svg", error);
        return svg ? saveFileSafely(fileName, *svg) : error;
    }
    if (as != u"png") // not a PNG by default: a name without a suffix says nothing
        return QObject::tr("Cannot tell which format to write %1 in: name it .png, .svg or .dot.")
            .arg(QFileInfo(fileName).fileName());
    const QRectF r = scene->sceneRect();
    QImage image((r.size() * 2).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    scene->render(&painter, QRectF(QPointF(), image.size()), r);
    painter.end();
    return image.save(fileName, "PNG") ? QString() : QObject::tr("Cannot write %1.").arg(fileName);
}

void addExportActions(QMenu *menu, QWidget *parent, const QString &title, std::function<QString()> baseName,
                      std::function<QString(const QString &fileName, const QString &format)> exportTo)
{
    // Every action offers the three formats, its own chosen: the format is
    // the filter the dialog closes on, and its suffix is added to a bare name.
    const QStringList filters = {QObject::tr("PNG pictures (*.png)"), QObject::tr("SVG drawings (*.svg)"),
                                 QObject::tr("Graphviz DOT files (*.dot)")};
    for (int f = 0; f < filters.size(); ++f) {
        const QString format = filterSuffixes(filters[f]).value(0).toUpper();
        menu->addAction(QObject::tr("Export as %1...").arg(format), parent, [=] {
            const SaveTarget target = saveFileAs(parent, QStringLiteral("graph"), baseName(), filters, f, title);
            if (target.isEmpty())
                return;
            if (const QString why = exportTo(target.fileName, target.format); !why.isEmpty())
                QMessageBox::warning(parent, QObject::tr("Cannot export"), why);
        });
    }
}

LayoutWorker::LayoutWorker(QObject *owner, Done done)
    : QObject(nullptr)
    , m_done(std::move(done))
{
    Q_ASSERT(owner && owner->thread() == thread()); // results are delivered in the owner's thread
    Q_UNUSED(owner);
    connect(this, &LayoutWorker::finished, this, &LayoutWorker::deliver, Qt::QueuedConnection);
}

LayoutWorker::~LayoutWorker()
{
    if (m_thread.joinable())
        m_thread.join();
}

quint64 LayoutWorker::request(QByteArray dot)
{
    const quint64 id = ++m_requests;
    if (m_busy)
        m_pending.emplace(id, std::move(dot));
    else
        start(id, std::move(dot));
    return id;
}

void LayoutWorker::start(quint64 id, QByteArray dot)
{
    if (m_thread.joinable())
        m_thread.join(); // finished: its result was taken
    m_busy = true;
    m_thread = std::thread([this, id, dot = std::move(dot)] {
        Result result;
        result.request = id;
        result.plain = renderDot(dot, "plain", result.error).value_or(QByteArray());
        {
            const std::lock_guard lock(m_resultLock);
            m_result = std::move(result);
        }
        // A wake-up only: the owner's LayoutWorker joins this thread before
        // it goes, and Qt drops what was posted to it then.
        emit finished();
    });
}

void LayoutWorker::deliver()
{
    std::optional<Result> result;
    {
        const std::lock_guard lock(m_resultLock);
        result.swap(m_result);
    }
    if (!result)
        return;
    m_busy = false;
    if (m_pending) { // a newer request came meanwhile: that one, not this
        auto next = std::move(*m_pending);
        m_pending.reset();
        start(next.first, std::move(next.second));
        return;
    }
    m_done(result->request, result->plain, result->error);
}

QPainterPath arrowHead(QPointF end, QPointF from, double length)
{
    const QLineF dir(end, from);
    QLineF a = dir, b = dir;
    a.setLength(length);
    b.setLength(length);
    a.setAngle(dir.angle() + 25);
    b.setAngle(dir.angle() - 25);
    QPainterPath head;
    head.moveTo(end);
    head.lineTo(a.p2());
    head.lineTo(b.p2());
    head.closeSubpath();
    return head;
}

} // namespace goap::editor
