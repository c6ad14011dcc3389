#pragma once
// The plan timeline (issue #14, 3): a character's plan as a strip of steps,
// left to right: each step's action, where it is done and the walk there
// (seconds at the character's speed, and the path's length), the step under
// way highlighted and the steps done ticked; hover a step for its needs and
// effects.

#include <QList>
#include <QWidget>

namespace goap::editor {

struct PlanStripStep
{
    QString title; // "2. Light fire"
    QString where; // "at Hearth", or empty: where it stands
    QString walk; // "walk 3.2 s (4.5 cells)", or empty
    QString details; // needs and effects, for the tooltip
    bool current = false, done = false;
};

class PlanStrip : public QWidget
{
    Q_OBJECT

public:
    explicit PlanStrip(QWidget *parent = nullptr);
    void setSteps(const QList<PlanStripStep> &steps);
    const QList<PlanStripStep> &steps() const { return m_steps; }
    QRect stepRect(int step) const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    QList<PlanStripStep> m_steps;
    static constexpr int kWidth = 132, kHeight = 58, kGap = 14;
};

} // namespace goap::editor
