#include "runlayer.h"

#include "scene/mapscene.h"

#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QPainter>
#include <QTimer>

#include <cmath>

namespace goap::editor {

class TokenItem : public QGraphicsItem
{
public:
    TokenItem(RunLayer *layer, int agent, const QString &name, const QColor &color)
        : m_layer(layer), m_agent(agent), m_name(name), m_color(color)
    {
        setFlags(ItemIsSelectable);
        setZValue(10);
        setCursor(Qt::PointingHandCursor);
        setAcceptedMouseButtons(Qt::LeftButton);
    }

    QRectF boundingRect() const override { return QRectF(-130, -34, 260, 58); }

    void setState(const QString &bubble, double progress, bool waiting, bool selected)
    {
        if (bubble == m_bubble && std::abs(progress - m_progress) < 0.005 && waiting == m_waiting && selected == m_selected)
            return;
        m_bubble = bubble;
        m_progress = progress;
        m_waiting = waiting;
        m_selected = selected;
        update();
    }
    QString bubble() const { return m_bubble; }
    void setHighlighted(bool selected)
    {
        if (selected != m_selected) {
            m_selected = selected;
            update();
        }
    }

    void paint(QPainter *p, const QStyleOptionGraphicsItem *, QWidget *) override
    {
        p->setRenderHint(QPainter::Antialiasing);
        // The token.
        p->setPen(QPen(m_selected ? QColor(0, 120, 215) : m_color.darker(170), m_selected ? 3 : 1.5));
        p->setBrush(m_color);
        p->drawEllipse(QPointF(0, 0), 9, 9);
        // Progress ring while acting.
        if (m_progress > 0) {
            p->setBrush(Qt::NoBrush);
            p->setPen(QPen(QColor(30, 30, 30, 60), 3));
            p->drawEllipse(QPointF(0, 0), 13, 13);
            p->setPen(QPen(QColor(46, 125, 50), 3, Qt::SolidLine, Qt::FlatCap));
            p->drawArc(QRectF(-13, -13, 26, 26), 90 * 16, -int(m_progress * 360 * 16));
        }
        QFont f = p->font();
        f.setPointSizeF(7.5);
        p->setFont(f);
        // The name under it.
        p->setPen(QColor(30, 30, 30));
        p->drawText(QRectF(-60, 11, 120, 12), Qt::AlignHCenter | Qt::AlignTop, m_name);
        // What it is doing, above it.
        if (!m_bubble.isEmpty()) {
            const QFontMetricsF fm(f);
            const double w = std::min(256.0, fm.horizontalAdvance(m_bubble) + 10);
            const QRectF box(-w / 2, -33, w, 14);
            p->setPen(QPen(m_waiting ? QColor(0xb3, 0x26, 0x1e) : QColor(120, 120, 120), 0.8));
            p->setBrush(m_waiting ? QColor(0xfd, 0xec, 0xea) : QColor(255, 255, 255, 230));
            p->drawRoundedRect(box, 4, 4);
            p->setPen(m_waiting ? QColor(0xb3, 0x26, 0x1e) : QColor(40, 40, 40));
            p->drawText(box, Qt::AlignCenter, fm.elidedText(m_bubble, Qt::ElideRight, w - 6));
        }
    }

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent *) override { emit m_layer->agentClicked(m_agent); }

private:
    RunLayer *m_layer;
    int m_agent;
    QString m_name;
    QColor m_color;
    QString m_bubble;
    double m_progress = 0;
    bool m_waiting = false;
    bool m_selected = false;
};

RunLayer::RunLayer(QGraphicsScene *scene, QObject *parent) : QObject(parent), m_scene(scene), m_animation(new QTimer(this))
{
    m_animation->setInterval(16);
    connect(m_animation, &QTimer::timeout, this, &RunLayer::animate);
}

RunLayer::~RunLayer() = default;

void RunLayer::clear()
{
    m_animation->stop();
    for (TokenItem *t : m_tokens)
        delete t;
    m_tokens.clear();
    m_from.clear();
    m_to.clear();
    m_scenario.reset();
}

void RunLayer::start(std::shared_ptr<const CompiledScenario> scenario, const QStringList &actionLabels)
{
    clear();
    m_scenario = std::move(scenario);
    m_actionLabels = actionLabels;
    // Many moving items: an index would be rebuilt on every move.
    m_scene->setItemIndexMethod(QGraphicsScene::NoIndex);
    for (size_t i = 0; i < m_scenario->agents.size(); ++i) {
        auto *t = new TokenItem(this, int(i), m_scenario->agentLabels[i], MapScene::agentColor(int(i)));
        t->setPos(MapScene::toScene(Point{m_scenario->agents[i].x, m_scenario->agents[i].y}));
        m_scene->addItem(t);
        m_tokens.push_back(t);
        m_from.push_back(t->pos());
        m_to.push_back(t->pos());
    }
    m_sinceFrame.start();
    m_animation->start();
}

void RunLayer::apply(const sim::Snapshot &snapshot)
{
    if (!m_scenario || snapshot.agents.size() != m_tokens.size())
        return;
    const double elapsed = double(m_sinceFrame.restart());
    m_frameMs = std::clamp(elapsed, 8.0, 100.0);
    for (size_t i = 0; i < m_tokens.size(); ++i) {
        const sim::AgentSnapshot &a = snapshot.agents[i];
        m_from[i] = m_tokens[i]->pos();
        m_to[i] = MapScene::toScene(Point{a.x, a.y});
        QString bubble;
        switch (a.phase) {
        case sim::Phase::Waiting: bubble = QString::fromUtf8(sim::kWaitingReason); break;
        case sim::Phase::Resting: bubble = tr("resting"); break;
        case sim::Phase::Walking:
        case sim::Phase::Acting:
            if (a.action >= 0)
                bubble = (a.phase == sim::Phase::Walking ? QStringLiteral("→ ") : QString()) + m_actionLabels.value(a.action);
            break;
        case sim::Phase::Idle: break;
        }
        m_tokens[i]->setState(bubble, a.phase == sim::Phase::Acting ? std::max(0.02, a.actionProgress) : 0.0,
                              a.phase == sim::Phase::Waiting, int(i) == m_selected);
    }
}

void RunLayer::animate()
{
    // Ease each token from where it was at the last frame to where the frame put it.
    const double t = std::clamp(double(m_sinceFrame.elapsed()) / m_frameMs, 0.0, 1.0);
    for (size_t i = 0; i < m_tokens.size(); ++i) {
        const QPointF p = m_from[i] + (m_to[i] - m_from[i]) * t;
        if (p != m_tokens[i]->pos())
            m_tokens[i]->setPos(p);
    }
}

void RunLayer::setSelected(int agent)
{
    m_selected = agent;
    for (size_t i = 0; i < m_tokens.size(); ++i)
        m_tokens[i]->setHighlighted(int(i) == agent);
}

QPointF RunLayer::tokenPos(int agent) const { return m_to[size_t(agent)]; }

QString RunLayer::bubbleText(int agent) const { return m_tokens[size_t(agent)]->bubble(); }

} // namespace goap::editor
