#pragma once
// Everything of a live run: the transport (Play, Pause, Step, Step to Event,
// Restart, Next Day, Stop, speed, how long Play runs), the live tokens on the
// map, the day clock and world-facts strip, the inspector, the event log and
// the charts, wired to one SimController. The main window owns the docks,
// menus and toolbars they are shown in. Play compiles the current document; edits
// made during a run take effect on Restart, walls at the run's next tick; an invalid document cannot run.

#include "document/scenariodocument.h"
#include "run/simcontroller.h"

#include "sim/timeline.h"

#include <QObject>

#include <memory>

class QAction;
class QActionGroup;
class QComboBox;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QToolBar;
class QToolButton;
class QWidget;

class QSlider;

namespace goap::editor {

class ChartsPanel;
class EventLogPanel;
class Inspector;
class MapScene;
class RunLayer;

class LiveRun : public QObject
{
    Q_OBJECT

public:
    // `window`: the parent of the panels (until docked) and of dialogs.
    LiveRun(QWidget *window, ScenarioDocument *document, MapScene *scene, QObject *parent = nullptr);
    ~LiveRun() override;

    // Starts a run of the document as it is now (paused); false when it has errors.
    bool start();
    bool play();
    void pause();
    void stepTick();
    void stepToEvent();
    void restart();
    void nextDay();
    void stop();
    void setSpeed(double speed); // x real time; 0: as fast as possible
    // A play stops at the end of the day by default, whatever the speed;
    // Run N Days stops after N, Keep Running (0) never.
    void setRunDays(int days);
    // Runs to that many simulated seconds from the first dawn as fast as
    // possible and returns when the frame for that time has arrived (or the
    // frame of a breakpoint that stopped it on the way).
    bool runFor(double seconds, int timeoutMs = 120000);
    // Edits since the run started that wait for Restart (walls do not: they take effect at once).
    bool editedSinceStart() const { return m_editedSinceStart; }
    void selectCharacter(int character);

    SimController *controller() const { return m_controller; }
    Inspector *inspector() const { return m_inspector; }
    EventLogPanel *eventLog() const { return m_eventLog; }
    ChartsPanel *charts() const { return m_charts; }
    RunLayer *layer() const { return m_layer; }
    QWidget *strip() const { return m_strip; } // the day clock and world facts, above the map
    QWidget *inspectorView() const { return m_inspectorView; } // the inspector in its scroll area
    // The transport, then how long Play runs.
    void addToMenu(QMenu *menu) const;
    void addToToolbar(QToolBar *toolbar) const;
    QComboBox *speedBox() const { return m_speedBox; }
    QAction *playAction() const { return m_play; }
    QAction *runOneDayAction() const { return m_runOneDay; }
    QAction *runDaysAction() const { return m_runDays; }
    QAction *keepRunningAction() const { return m_keepRunning; }
    // Run > Threads: a tick's per-character part on every core while that is
    // faster than one thread (the default), or on a number of threads chosen;
    // in force at once, and remembered (the setting run/threads) for every run
    // started afterwards. The run is the same on any number.
    QMenu *threadsMenu() const { return m_threadsMenu; }
    void setThreads(int threads);
    int threadsInUse() const { return m_threadsInUse; } // by the run's last tick (Simulation::threadsInUse)
    static int rememberedThreads(); // the setting, within 0 to sim::kMaxThreads
    QString stripText() const;
    QSlider *scrubSlider() const { return m_scrub; }
    // Moves the views (map, inspector, charts' cursor, clock) to that tick of
    // a run at rest, exactly as the run was then; the live tick shows the run.
    bool scrub(qint64 tick);

signals:
    void started(); // a run was started (the inspector has something to show)
    void characterSelected(int character);
    void message(const QString &text);
    // A moment of the run was shown (live, or looked back at); nullptr when the run ended.
    void snapshotShown(const goap::CompiledScenario *scenario, const goap::sim::Snapshot &snapshot);

private:
    void onFrame(const SimFrame &frame);
    void updateActions();

    QWidget *m_window;
    ScenarioDocument *m_document;
    MapScene *m_scene;
    SimController *m_controller;
    RunLayer *m_layer;
    Inspector *m_inspector;
    EventLogPanel *m_eventLog;
    ChartsPanel *m_charts;
    QWidget *m_strip;
    QLabel *m_clock, *m_world, *m_stale;
    QProgressBar *m_dayBar;
    // Scrubbing a run at rest (issue #15): the slider runs from the first dawn
    // to where the run stands; a Timeline of the same scenario gives the exact
    // snapshot of any tick, from keyframes every 15 simulated seconds.
    QSlider *m_scrub;
    std::unique_ptr<sim::Timeline> m_timeline;
    qint64 m_liveTick = 0;
    void scrubTo(qint64 tick);
    void showSnapshot(const sim::Snapshot &snap, bool scrubbed);
    QWidget *m_inspectorView;
    QList<QAction *> m_transport;
    QAction *m_play, *m_pause, *m_step, *m_stepEvent, *m_restart, *m_nextDay, *m_stop;
    QAction *m_runOneDay, *m_runDays, *m_keepRunning;
    QComboBox *m_speedBox;
    QToolButton *m_lengthButton = nullptr;
    QMenu *m_threadsMenu;
    QActionGroup *m_threadChoices;
    int m_threadsInUse = 1; // the last frame's
    QAction *threadChoice(int threads); // the menu's entry, added when missing
    static QString threadCount(int threads); // "1 thread", "2 threads"
    void updateThreadsMenu();
    bool m_editedSinceStart = false;
    Scenario m_runScenario; // the document as the run started (implicitly shared)
    QList<Wall> m_runWalls; // the walls the run has now
    std::vector<std::pair<std::int64_t, QList<Wall>>> m_wallChanges; // the run's, for its timeline
};

} // namespace goap::editor
