#include "liverun.h"

#include "charts/daycharts.h"
#include "model/factname.h"

#include "io/validator.h"
#include "run/chartspanel.h"
#include "run/eventlogpanel.h"
#include "run/inspector.h"
#include "run/runlayer.h"
#include "scene/mapscene.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QScrollArea>
#include <QSettings>
#include <QSignalBlocker>
#include <QSlider>
#include <QThread>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <limits>

namespace goap::editor {

namespace {
QString clockText(double seconds)
{
    const int s = int(seconds);
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}
} // namespace

LiveRun::LiveRun(QWidget *window, ScenarioDocument *document, MapScene *scene, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_document(document)
    , m_scene(scene)
    , m_controller(new SimController(this))
    , m_layer(new RunLayer(scene, this))
{
    // The panels; the main window puts them in its docks.
    m_inspector = new Inspector(window);
    auto *scroll = new QScrollArea(window);
    scroll->setWidget(m_inspector);
    scroll->setWidgetResizable(true);
    m_inspectorView = scroll;
    m_eventLog = new EventLogPanel(m_controller, window);
    m_charts = new ChartsPanel(m_controller, window);

    // The strip above the map: day clock, day progress, world facts.
    m_strip = new QWidget(window);
    m_clock = new QLabel(m_strip);
    QFont f = m_clock->font();
    f.setBold(true);
    m_clock->setFont(f);
    // Wide enough for the longest form of its text, so the bar and the
    // timeline beside it stay put as the clock ticks (a fixed 170 px once
    // cut "(looking back)" to "(look"); the label's own hint keeps any
    // longer text whole.
    m_clock->setMinimumWidth(m_clock->fontMetrics().horizontalAdvance(
        tr("Day %1 · %2 of %3 (looking back)").arg(999).arg(QStringLiteral("00:00"), QStringLiteral("00:00"))));
    m_clock->setObjectName(QStringLiteral("clock"));
    // The bar and the timeline give way on a narrow window instead of
    // widening it (fixed widths made the window wider than a laptop screen).
    m_dayBar = new QProgressBar(m_strip);
    m_dayBar->setRange(0, 1000);
    m_dayBar->setTextVisible(false);
    m_dayBar->setMinimumWidth(48);
    m_dayBar->setMaximumWidth(160);
    m_dayBar->setMaximumHeight(12);
    m_dayBar->setToolTip(tr("How much of the day has passed"));
    m_world = new QLabel(m_strip);
    m_world->setTextFormat(Qt::RichText);
    m_world->setObjectName(QStringLiteral("worldFacts"));
    // A scenario's world facts may not fit in one line: they are cut at the
    // window's edge (the tooltip lists them all) instead of asking for a
    // window as wide as the line, which changed the window's width at every
    // Play and Stop.
    m_world->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_world->setMinimumWidth(0);
    m_stale = new QLabel(tr("Edited: Restart runs it"), m_strip);
    m_stale->setToolTip(tr("Edited since this run started: Restart to run the edits (walls take effect at once)"));
    m_stale->setStyleSheet(QStringLiteral("color: #8a5300; font-weight: 600;"));
    m_stale->hide();
    m_scrub = new QSlider(Qt::Horizontal, m_strip);
    m_scrub->setMinimumWidth(80);
    m_scrub->setMaximumWidth(220);
    m_scrub->setEnabled(false);
    m_scrub->setObjectName(QStringLiteral("timeline"));
    m_scrub->setToolTip(
        tr("The run so far: while it is paused or its day is over, drag to see any moment again, exactly "
           "(map, inspector, chart cursor); a click on an event jumps there; Play goes on from the live end"));
    // Two lines: the clock and its controls, then the world facts across
    // the whole width (beside the clock they had a few pixels on a laptop).
    auto *lines = new QVBoxLayout(m_strip);
    lines->setContentsMargins(6, 3, 6, 3);
    lines->setSpacing(2);
    auto *strip = new QHBoxLayout;
    strip->addWidget(m_clock);
    strip->addWidget(m_dayBar, 1);
    strip->addWidget(m_scrub, 1);
    strip->addSpacing(12);
    strip->addStretch(1);
    strip->addWidget(m_stale);
    lines->addLayout(strip);
    lines->addWidget(m_world);

    // Transport: actions the main window places in its Run menu and toolbar.
    auto action = [this](const QString &icon, const QString &text, const QKeySequence &key, auto slot) {
        auto *a = new QAction(QIcon(icon), text, this);
        a->setShortcut(key);
        connect(a, &QAction::triggered, this, slot);
        m_transport << a;
        return a;
    };
    m_play = action(QStringLiteral(":/icons/play.svg"), tr("&Play"), QKeySequence(Qt::Key_F5), [this] { play(); });
    m_pause = action(QStringLiteral(":/icons/pause.svg"), tr("P&ause"), QKeySequence(Qt::SHIFT | Qt::Key_F5),
                     [this] { pause(); });
    m_step = action(QStringLiteral(":/icons/step.svg"), tr("&Step One Tick"), QKeySequence(Qt::Key_F10),
                    [this] { stepTick(); });
    m_stepEvent = action(QStringLiteral(":/icons/stepevent.svg"), tr("Step to Next &Event"), QKeySequence(Qt::Key_F11),
                         [this] { stepToEvent(); });
    m_restart = action(QStringLiteral(":/icons/restart.svg"), tr("&Restart"), QKeySequence(Qt::CTRL | Qt::Key_F5),
                       [this] { restart(); });
    m_nextDay = action(QStringLiteral(":/icons/nextday.svg"), tr("&Next Day"), QKeySequence(Qt::CTRL | Qt::Key_F10),
                       [this] { nextDay(); });
    m_stop = action(QStringLiteral(":/icons/stop.svg"), tr("S&top"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F5),
                    [this] { stop(); });
    m_speedBox = new QComboBox(window);
    m_speedBox->setToolTip(
        tr("Simulated seconds per wall second. The speed never changes what happens, only how fast you see it."));
    for (double x : {0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0})
        m_speedBox->addItem(QStringLiteral("%1x").arg(x), x);
    m_speedBox->addItem(tr("as fast as possible"), 0.0);
    m_speedBox->setCurrentIndex(m_speedBox->findData(4.0));
    connect(m_speedBox, &QComboBox::activated, this,
            [this] { m_controller->setSpeed(m_speedBox->currentData().toDouble()); });
    m_controller->setSpeed(4.0);
    // How long a play goes on: to the end of the day by default, whatever the speed.
    auto *length = new QActionGroup(this);
    m_runOneDay = new QAction(tr("Run &1 Day"), this);
    connect(m_runOneDay, &QAction::triggered, this, [this] { setRunDays(1); });
    m_runOneDay->setToolTip(tr("Play stops at the end of the day"));
    m_runDays = new QAction(tr("Run &N Days..."), this);
    connect(m_runDays, &QAction::triggered, this, [this] {
        bool ok = false;
        const int days = QInputDialog::getInt(m_window, tr("Run N Days"), tr("Play stops at the end of day:"),
                                              std::max(2, m_controller->runDays()), 1, 100000, 1, &ok);
        if (ok)
            setRunDays(days);
        else
            setRunDays(m_controller->runDays()); // keep the choice shown as it was
    });
    m_keepRunning = new QAction(tr("&Keep Running"), this);
    connect(m_keepRunning, &QAction::triggered, this, [this] { setRunDays(0); });
    m_keepRunning->setToolTip(tr("Play goes on day after day until paused"));
    for (QAction *a : {m_runOneDay, m_runDays, m_keepRunning}) {
        a->setCheckable(true);
        length->addAction(a);
    }
    m_runOneDay->setChecked(true);
    auto *lengthButton = new QToolButton(window);
    lengthButton->setPopupMode(QToolButton::InstantPopup);
    lengthButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    lengthButton->setToolTip(tr("How long Play runs"));
    auto *lengthMenu = new QMenu(lengthButton);
    lengthMenu->addActions(length->actions());
    lengthButton->setMenu(lengthMenu);
    lengthButton->setObjectName(QStringLiteral("runLengthButton"));
    m_lengthButton = lengthButton;
    // How many threads a tick's per-character part runs on.
    m_threadsMenu = new QMenu(tr("&Threads"), window);
    m_threadsMenu->setObjectName(QStringLiteral("threadsMenu"));
    m_threadsMenu->setToolTipsVisible(true);
    m_threadChoices = new QActionGroup(this);
    for (int n = 0, cores = std::max(2, QThread::idealThreadCount()); n <= cores; ++n)
        threadChoice(n);
    connect(m_threadsMenu, &QMenu::aboutToShow, this, &LiveRun::updateThreadsMenu);
    m_controller->setThreads(rememberedThreads());
    updateThreadsMenu();

    connect(m_controller, &SimController::frameApplied, this, &LiveRun::onFrame);
    connect(m_layer, &RunLayer::characterClicked, this, &LiveRun::selectCharacter);
    connect(m_eventLog, &EventLogPanel::characterActivated, this, &LiveRun::selectCharacter);
    connect(m_eventLog, &EventLogPanel::momentActivated, this, [this](qint64 tick) { scrub(tick); });
    for (DayChart *chart : {static_cast<DayChart *>(m_charts->insistence()),
                            static_cast<DayChart *>(m_charts->quotas()), static_cast<DayChart *>(m_charts->world())})
        connect(chart, &DayChart::momentClicked, this, [this](int day, double time) {
            if (const CompiledScenario *s = m_controller->scenario())
                scrub(s->day.tickAt(day, time));
        });
    connect(m_scrub, &QSlider::valueChanged, this, [this](int value) { scrubTo(value); });
    connect(m_controller, &SimController::runStarted, this, [this] {
        m_timeline.reset(); // a new run: its own keyframes, built when first scrubbed
        m_liveTick = 0;
    });
    connect(document, &ScenarioDocument::documentReset, this, [this] {
        if (m_controller->hasRun())
            stop();
        m_charts->clear(); // the previous scenario's run is not this one's
    });
    connect(document, &ScenarioDocument::changed, this, [this] {
        if (!m_controller->hasRun())
            return;
        // Walls take effect in the run at its next tick (SPEC 12.1); other
        // edits on Restart.
        const Scenario &now = m_document->scenario();
        // A door opened or closed is a change of walls (a closed door is one).
        if (const QList<Wall> walls = now.map.blockingWalls(); walls != m_runWalls) {
            m_runWalls = walls;
            m_controller->changeWalls(m_runWalls);
        }
        Scenario besidesWalls = now;
        besidesWalls.map.walls = m_runScenario.map.walls;
        besidesWalls.map.doors = m_runScenario.map.doors;
        if (!(besidesWalls == m_runScenario)) {
            m_editedSinceStart = true;
            m_stale->show();
        }
    });
    setRunDays(1);
    updateActions();
    onFrame(SimFrame());
    emit snapshotShown(nullptr, sim::Snapshot());
}

LiveRun::~LiveRun() = default;

void LiveRun::addToMenu(QMenu *menu) const
{
    menu->addActions(m_transport);
    menu->addSeparator();
    menu->addActions({m_runOneDay, m_runDays, m_keepRunning});
    menu->addSeparator();
    menu->addMenu(m_threadsMenu);
}

QString LiveRun::threadCount(int threads)
{
    return threads == 1 ? tr("1 thread") : tr("%1 threads").arg(threads);
}

int LiveRun::rememberedThreads()
{
    return std::clamp(QSettings().value(QStringLiteral("run/threads"), 0).toInt(), 0, sim::kMaxThreads);
}

QAction *LiveRun::threadChoice(int threads)
{
    for (QAction *a : m_threadChoices->actions())
        if (a->data().toInt() == threads)
            return a;
    auto *a = new QAction(threads == 0       ? tr("&Every Core While It Pays")
                              : threads == 1 ? tr("&1 Thread")
                              : threads <= 9 ? tr("&%1 Threads").arg(threads)
                                             : tr("%1 Threads").arg(threads),
                          this);
    a->setData(threads);
    a->setCheckable(true);
    a->setToolTip(threads == 0 ? tr("Each tick's per-character part on every core while that is faster than one "
                                    "thread alone, timed now and then. The run is the same on any number of threads; "
                                    "towns below %1 characters run on one.")
                                     .arg(sim::kParallelFrom)
                               : tr("Each tick's per-character part on %1. The run is the same on any number of "
                                    "threads, only its speed changes; towns below %2 characters run on one.")
                                     .arg(threadCount(threads))
                                     .arg(sim::kParallelFrom));
    connect(a, &QAction::triggered, this, [this, threads] { setThreads(threads); });
    m_threadChoices->addAction(a);
    // In order of the number, every core first.
    const QList<QAction *> entries = m_threadsMenu->actions();
    const auto after
        = std::find_if(entries.begin(), entries.end(), [threads](QAction *e) { return e->data().toInt() > threads; });
    m_threadsMenu->insertAction(after == entries.end() ? nullptr : *after, a);
    return a;
}

void LiveRun::setThreads(int threads)
{
    threads = std::clamp(threads, 0, sim::kMaxThreads);
    QSettings().setValue(QStringLiteral("run/threads"), threads);
    m_controller->setThreads(threads);
    updateThreadsMenu();
    emit message(threads == 0 ? tr("Runs use every core while that is faster than one thread")
                              : tr("Runs use %1").arg(threadCount(threads)));
}

void LiveRun::updateThreadsMenu()
{
    const int threads = m_controller->threads();
    threadChoice(threads)->setChecked(true);
    QAction *every = threadChoice(0);
    every->setText(threads == 0 && m_controller->hasRun()
                       ? tr("&Every Core While It Pays (now %1)").arg(threadCount(m_threadsInUse))
                       : tr("&Every Core While It Pays"));
}

void LiveRun::addToToolbar(QToolBar *toolbar) const
{
    toolbar->addActions(m_transport);
    toolbar->addWidget(m_speedBox);
    toolbar->addWidget(m_lengthButton);
}

void LiveRun::setRunDays(int days)
{
    m_controller->setRunDays(days);
    QAction *chosen = days == 1 ? m_runOneDay : days <= 0 ? m_keepRunning : m_runDays;
    chosen->setChecked(true);
    m_runDays->setText(days > 1 ? tr("Run %n Days", nullptr, days) : tr("Run &N Days..."));
    m_lengthButton->setText(days == 1 ? tr("1 day") : days <= 0 ? tr("keep running") : tr("%n days", nullptr, days));
}

bool LiveRun::start()
{
    const Issues issues = m_document->issues();
    if (hasErrors(issues)) {
        emit message(tr("The scenario cannot run: %n error(s), listed in Issues.", nullptr, int(errorCount(issues))));
        return false;
    }
    emit snapshotShown(nullptr, sim::Snapshot()); // views forget the last run's scenario before this one's
    auto compiled = std::make_shared<const CompiledScenario>(compile(m_document->scenario()));
    QStringList labels, stations;
    for (const Action &a : m_document->scenario().actions)
        labels << a.label;
    for (const Station &st : m_document->scenario().stations)
        stations << st.label;
    m_layer->start(compiled, labels);
    m_scene->setStartMarkersVisible(false);
    m_inspector->setScenario(compiled, labels, stations);
    m_controller->setThreads(rememberedThreads()); // as chosen last, in any window
    m_controller->load(compiled);
    m_runScenario = m_document->scenario();
    m_runWalls = m_runScenario.map.blockingWalls();
    m_wallChanges.clear();
    m_editedSinceStart = false;
    m_stale->hide();
    updateActions();
    emit started();
    return true;
}

bool LiveRun::play()
{
    if (!m_controller->hasRun() && !start())
        return false;
    m_controller->play();
    updateActions();
    return true;
}

void LiveRun::pause()
{
    m_controller->pause();
    updateActions();
}

void LiveRun::stepTick()
{
    if (!m_controller->hasRun() && !start())
        return;
    m_controller->stepTick();
    updateActions();
}

void LiveRun::stepToEvent()
{
    if (!m_controller->hasRun() && !start())
        return;
    m_controller->stepToEvent();
    updateActions();
}

void LiveRun::restart()
{
    const bool wasPlaying = m_controller->isPlaying();
    const int selected = m_inspector->character();
    if (!start())
        return;
    selectCharacter(selected < int(m_controller->scenario()->agents.size()) ? selected : -1);
    if (wasPlaying)
        m_controller->play();
    updateActions();
}

void LiveRun::nextDay()
{
    if (!m_controller->hasRun() && !start())
        return;
    m_controller->nextDay();
}

void LiveRun::stop()
{
    m_controller->stop();
    m_layer->clear();
    m_scene->setStartMarkersVisible(true);
    m_inspector->setScenario(nullptr);
    m_stale->hide();
    updateActions();
    onFrame(SimFrame());
    emit snapshotShown(nullptr, sim::Snapshot());
}

void LiveRun::setSpeed(double speed)
{
    m_speedBox->setCurrentIndex(std::max(0, m_speedBox->findData(speed)));
    m_controller->setSpeed(speed);
}

bool LiveRun::runFor(double seconds, int timeoutMs)
{
    if (!m_controller->hasRun() && !start())
        return false;
    const CompiledScenario &s = *m_controller->scenario();
    const int day = int(seconds / s.day.length);
    const double time = seconds - day * s.day.length;
    const qint64 target = s.day.tickAt(day, time);
    QEventLoop loop;
    QElapsedTimer waited;
    waited.start();
    bool stopped = false; // at a breakpoint, before the target
    auto done = [&] { return stopped || m_controller->snapshot().tick >= target; };
    const auto connection = connect(m_controller, &SimController::frameApplied, &loop, [&](const SimFrame &frame) {
        stopped = stopped || frame.breakpointHit.has_value();
        if (done())
            loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    m_controller->runTo(day, time, false); // no frames on the way: nobody watches them
    if (!done())
        loop.exec();
    disconnect(connection);
    if (!done())
        return false;
    // The loop quits inside the last frame's handler, before what that frame
    // changed (the facts strip's text, so the window's layout, so the map's
    // fit) is laid out: lay it out now, so the caller sees the window as it
    // stands at that moment (a test's pointer once landed where the map was
    // before it refitted).
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    m_layer->settle(); // where everyone is now, not on the way from the last frame
    return true;
}

void LiveRun::selectCharacter(int character)
{
    m_inspector->setCharacter(character);
    m_layer->setSelected(character);
    if (m_controller->latestFrame())
        m_inspector->show(m_controller->snapshot());
    emit characterSelected(character);
}

void LiveRun::updateActions()
{
    const bool run = m_controller->hasRun();
    const bool playing = m_controller->isPlaying();
    m_play->setEnabled(!playing);
    m_pause->setEnabled(run && playing);
    m_restart->setEnabled(run);
    m_stop->setEnabled(run);
}

QString LiveRun::stripText() const
{
    return m_clock->text() + QLatin1Char(' ') + m_world->text();
}

void LiveRun::onFrame(const SimFrame &frame)
{
    const CompiledScenario *s = m_controller->scenario();
    if (!s) {
        m_clock->setText(tr("Not running — press Play"));
        m_dayBar->setValue(0);
        m_world->clear();
        m_world->setToolTip(tr("Every world fact, live"));
        return;
    }
    m_liveTick = frame.snapshot.tick;
    m_threadsInUse = frame.threadsInUse;
    for (const auto &[tick, walls] : frame.wallChanges) {
        m_wallChanges.emplace_back(tick, walls); // for a timeline made later
        if (m_timeline)
            m_timeline->changeWalls(tick, walls);
        m_layer->setWalls(walls);
        m_inspector->setWalls(walls);
    }
    {
        const QSignalBlocker blocker(m_scrub); // the live end: no scrub
        m_scrub->setRange(0, int(std::min<qint64>(m_liveTick, std::numeric_limits<int>::max())));
        m_scrub->setValue(m_scrub->maximum());
        m_scrub->setEnabled(!frame.playing && m_liveTick > 0);
    }
    showSnapshot(frame.snapshot, false);
    updateActions();
    if (frame.dayDone)
        emit message(frame.runDays == 1 ? tr("Day %1 is over: Play runs the next day").arg(frame.snapshot.day + 1)
                                        : tr("Day %1 is over after %n day(s): Play runs on", nullptr, frame.runDays)
                                              .arg(frame.snapshot.day + 1));
}

bool LiveRun::scrub(qint64 tick)
{
    if (!m_controller->hasRun() || m_controller->isPlaying() || tick < 0 || tick > m_liveTick)
        return false;
    if (m_scrub->value() == int(tick))
        scrubTo(tick);
    else
        m_scrub->setValue(int(tick)); // scrubTo() through valueChanged
    return true;
}

void LiveRun::scrubTo(qint64 tick)
{
    if (!m_controller->hasRun() || m_controller->isPlaying())
        return;
    if (tick >= m_liveTick) {
        showSnapshot(m_controller->snapshot(), false);
        return;
    }
    if (!m_timeline) {
        m_timeline = std::make_unique<sim::Timeline>(m_controller->scenarioPtr());
        for (const auto &[at, walls] : m_wallChanges)
            m_timeline->changeWalls(at, walls);
    }
    showSnapshot(m_timeline->at(tick), true);
}

void LiveRun::showSnapshot(const sim::Snapshot &snap, bool scrubbed)
{
    const CompiledScenario *s = m_controller->scenario();
    m_clock->setText(
        scrubbed ? tr("Day %1 · %2 of %3 (looking back)")
                       .arg(snap.day + 1)
                       .arg(clockText(snap.time), clockText(snap.dayLength))
                 : tr("Day %1 · %2 of %3").arg(snap.day + 1).arg(clockText(snap.time), clockText(snap.dayLength)));
    m_dayBar->setValue(snap.dayLength > 0 ? int(1000 * snap.time / snap.dayLength) : 0);
    QStringList facts, lines;
    for (size_t i = 0; i < snap.world.size(); ++i) {
        const QString name = bareName(s->factNames[size_t(s->agentFactCount) + i]);
        facts << QStringLiteral("<img src=\":/icons/world.svg\" width=12 height=12> %1 <b>%2</b>")
                     .arg(name)
                     .arg(snap.world[i]);
        lines << QStringLiteral("%1 <b>%2</b>").arg(name).arg(snap.world[i]);
    }
    m_world->setText(facts.join(QStringLiteral("&nbsp;&nbsp; ")));
    // All of them, also those cut at the window's edge.
    m_world->setToolTip(lines.join(QStringLiteral("<br>")));
    m_layer->apply(snap);
    m_inspector->show(snap);
    if (scrubbed) {
        m_layer->settle(); // the moment itself, not an ease towards it
        for (DayChart *chart :
             {static_cast<DayChart *>(m_charts->insistence()), static_cast<DayChart *>(m_charts->quotas()),
              static_cast<DayChart *>(m_charts->world())})
            chart->setCursorTime(snap.day, snap.time);
    }
    emit snapshotShown(s, snap);
}

} // namespace goap::editor
