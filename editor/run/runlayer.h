#pragma once
// The live characters on the map during a run: a coloured token per
// character, moving smoothly between frames (interpolated at the display's
// pace), with what it is doing above it (its action, its waiting reason, or
// "resting") and a progress ring while it acts. Clicking a token selects the
// character.

#include "run/simframe.h"
#include "planner/compiledscenario.h"

#include <QElapsedTimer>
#include <QObject>

class QGraphicsScene;
class QTimer;

namespace goap::editor {

class TokenItem;

class RunLayer : public QObject
{
    Q_OBJECT

public:
    RunLayer(QGraphicsScene *scene, QObject *parent = nullptr);
    ~RunLayer() override;

    void start(std::shared_ptr<const CompiledScenario> scenario, const QStringList &actionLabels);
    void apply(const sim::Snapshot &snapshot);
    void clear();
    void setSelected(int agent);
    int selected() const { return m_selected; }
    int tokenCount() const { return int(m_tokens.size()); }
    QPointF tokenPos(int agent) const;
    QString bubbleText(int agent) const;

signals:
    void agentClicked(int agent);

private:
    void animate();

    QGraphicsScene *m_scene;
    std::shared_ptr<const CompiledScenario> m_scenario;
    QStringList m_actionLabels;
    std::vector<TokenItem *> m_tokens;
    std::vector<QPointF> m_from, m_to;
    QTimer *m_animation;
    QElapsedTimer m_sinceFrame;
    double m_frameMs = 16;
    int m_selected = -1;
};

} // namespace goap::editor
