// The C API (goap.h) against goap-sim, the reference: the same day report
// byte for byte, the same error lines for bad files, the same plans.
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <goap.h>

#include "sim/events.h" // the engine's own names, which goap.h's must equal

#include "goapsim.h"
#include "testutil.h"

#include <memory>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {
using goap::testing::goapSim;
using goap::testing::kSource;
using goap::testing::readAll;
using goap::testing::Run;

struct SimDeleter
{
    void operator()(goap_sim *s) const { goap_close(s); }
};
using Sim = std::unique_ptr<goap_sim, SimDeleter>;

struct PlanDeleter
{
    void operator()(goap_plan *p) const { goap_plan_free(p); }
};
using PlanPtr = std::unique_ptr<goap_plan, PlanDeleter>;

QStringList actionsOf(const goap_plan *plan)
{
    QStringList out;
    for (int i = 0; i < goap_plan_length(plan); ++i)
        out << QString::fromUtf8(goap_plan_action(plan, i));
    return out;
}

Sim openMemory(const QByteArray &json)
{
    goap_sim *s = nullptr;
    if (goap_open_memory(json.constData(), size_t(json.size()), "inline.json", &s) != GOAP_OK)
        qWarning("goap_open_memory: %s", goap_last_error());
    return Sim(s);
}

// A hunter whose hunt the game performs ("external"), at a forest with one place.
const QByteArray kHunt = R"({ "format": "goap-scenario", "version": 2, "name": "Hunt",
  "day": { "length": 600, "tick": 0.1 },
  "map": { "width": 20, "height": 10 },
  "world": { "world.meat": 0 },
  "stations": [ { "id": "forest", "at": [15, 5], "capacity": 1 } ],
  "actions": [ { "id": "hunt", "station": "forest", "duration": 2, "cost": 1, "add": { "world.meat": 1 },
                 "external": true } ],
  "goals": [ { "id": "stock", "kind": "quota", "conditions": { "world.meat": 3 }, "urgency": 1 } ],
  "agents": [
    { "id": "hunter", "at": [2, 5], "speed": 2, "facts": {}, "actions": ["hunt"], "goals": [ { "goal": "stock" } ] } ] })";

// Steps until `who` gets an event of `kind` (up to `ticks`); the events on the way are dropped.
bool stepUntil(goap_sim *sim, const char *who, goap_event_kind kind, int ticks, goap_event *e)
{
    for (int t = 0; t < ticks; ++t) {
        if (goap_step(sim, 1) != GOAP_OK)
            return false;
        while (goap_next_event(sim, e))
            if (e->kind == kind && QByteArray(e->character) == who)
                return true;
    }
    return false;
}

// Six shoppers for a counter with two places: four stand in its line.
const QByteArray kLine = R"({ "format": "goap-scenario", "version": 2, "name": "Line",
  "day": { "length": 300, "tick": 0.1 },
  "map": { "width": 30, "height": 20 },
  "world": {},
  "stations": [ { "id": "counter", "at": [15, 5], "capacity": 2 } ],
  "actions": [ { "id": "buy", "station": "counter", "duration": 6, "cost": 1, "add": { "agent.bought": 1 } } ],
  "goals": [ { "id": "shop", "kind": "quota", "conditions": { "agent.bought": 1 }, "urgency": 1 } ],
  "agents": [
    { "id": "a", "at": [2, 15], "speed": 2, "facts": {}, "actions": ["buy"], "goals": [ { "goal": "shop" } ] },
    { "id": "b", "at": [4, 16], "speed": 2, "facts": {}, "actions": ["buy"], "goals": [ { "goal": "shop" } ] },
    { "id": "c", "at": [6, 17], "speed": 2, "facts": {}, "actions": ["buy"], "goals": [ { "goal": "shop" } ] },
    { "id": "d", "at": [8, 18], "speed": 2, "facts": {}, "actions": ["buy"], "goals": [ { "goal": "shop" } ] },
    { "id": "e", "at": [26, 18], "speed": 2, "facts": {}, "actions": ["buy"], "goals": [ { "goal": "shop" } ] },
    { "id": "f", "at": [28, 17], "speed": 2, "facts": {}, "actions": ["buy"], "goals": [ { "goal": "shop" } ] } ] })";

Sim open(const QString &file)
{
    goap_sim *s = nullptr;
    const goap_status status = goap_open(QFile::encodeName(file).constData(), &s);
    if (status != GOAP_OK)
        qWarning("goap_open(%s): %s", qPrintable(file), goap_last_error());
    return Sim(s);
}

QByteArray reportOf(goap_sim *sim)
{
    char *json = nullptr;
    size_t size = 0;
    if (goap_report_json(sim, &json, &size) != GOAP_OK)
        return {};
    QByteArray out(json, qsizetype(size));
    goap_string_free(json);
    return out;
}
} // namespace

class TestCapi : public QObject
{
    Q_OBJECT

private slots:
    void version()
    {
        QCOMPARE(QByteArray(goap_version()), QByteArray(GOAP_VERSION));
        QCOMPARE(goap_api_version(), GOAP_API_VERSION);
    }

    void reportEqualsCli_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("days");
        const QDir dir(kSource + "/scenarios");
        const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 5);
        for (const QString &f : files)
            QTest::newRow(qPrintable(f)) << dir.filePath(f) << 1;
        QTest::newRow("town.json, 3 days") << dir.filePath(QStringLiteral("town.json")) << 3;
    }
    // The C API's day is goap-sim run's day: same report bytes, stepped as a
    // game would step it (a tick at a time for a while, then whole days).
    void reportEqualsCli()
    {
        QFETCH(QString, file);
        QFETCH(int, days);
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString reportFile = tmp.filePath(QStringLiteral("report.json"));
        const Run r = goapSim({QStringLiteral("run"), file, "--days", QString::number(days), "--report", reportFile});
        QCOMPARE(r.exitCode, 0);
        const QByteArray expected = readAll(reportFile);
        QVERIFY(!expected.isEmpty());

        const Sim sim = open(file);
        QVERIFY(sim);
        for (int i = 0; i < 100; ++i)
            QCOMPARE(goap_step(sim.get(), 1), GOAP_OK);
        QCOMPARE(goap_run_days(sim.get(), days), GOAP_OK);
        QCOMPARE(reportOf(sim.get()), expected);

        // The events do not change the day: a run that records none reports the same.
        const Sim quiet = open(file);
        QCOMPARE(goap_set_events(quiet.get(), 0), GOAP_OK);
        QCOMPARE(goap_run_days(quiet.get(), days), GOAP_OK);
        QCOMPARE(reportOf(quiet.get()), expected);
    }

    // goap_sim_set_threads (issue #30): any number of threads, the same day;
    // a negative number is refused.
    void threadsGiveTheSameReport()
    {
        const QString file = kSource + "/scenarios/hospital.json";
        const Sim serial = open(file);
        QVERIFY(serial);
        QCOMPARE(goap_sim_set_threads(serial.get(), 1), GOAP_OK);
        QCOMPARE(goap_run_days(serial.get(), 2), GOAP_OK);
        for (const int threads : {0, 2, 8}) {
            const Sim sim = open(file);
            QCOMPARE(goap_sim_set_threads(sim.get(), threads), GOAP_OK);
            QCOMPARE(goap_step(sim.get(), 17), GOAP_OK);
            QCOMPARE(goap_sim_set_threads(sim.get(), threads == 2 ? 1 : 2), GOAP_OK); // between steps too
            QCOMPARE(goap_run_days(sim.get(), 2), GOAP_OK);
            QCOMPARE(reportOf(sim.get()), reportOf(serial.get()));
        }
        QCOMPARE(goap_sim_set_threads(serial.get(), -1), GOAP_ERROR_ARGUMENT);
        QVERIFY(QByteArray(goap_last_error()).contains("goap_sim_set_threads"));
        QCOMPARE(goap_sim_set_threads(serial.get(), 1025), GOAP_ERROR_ARGUMENT); // as goap-sim run --threads
        QVERIFY(QByteArray(goap_last_error()).contains("0 (every core) to 1024, got 1025"));
        QCOMPARE(goap_sim_set_threads(serial.get(), 1024), GOAP_OK);
        QCOMPARE(goap_sim_set_threads(serial.get(), 1), GOAP_OK);
        QCOMPARE(goap_sim_set_threads(nullptr, 1), GOAP_ERROR_ARGUMENT);
    }

    void eventsEqualCli()
    {
        const QString file = kSource + "/scenarios/town.json";
        QTemporaryDir tmp;
        const QString eventsFile = tmp.filePath(QStringLiteral("events.jsonl"));
        QCOMPARE(goapSim({QStringLiteral("run"), file, "--days", "2", "--events", eventsFile}).exitCode, 0);
        const QList<QByteArray> lines = readAll(eventsFile).split('\n');
        const Sim sim = open(file);
        QVERIFY(sim);
        qsizetype n = 0;
        goap_event e;
        // Taken as the days go, a few ticks at a time, as a game's frame loop would.
        for (std::int64_t left = 2 * goap_ticks_per_day(sim.get()); left > 0; left -= 37) {
            QCOMPARE(goap_step(sim.get(), std::min<std::int64_t>(left, 37)), GOAP_OK);
            while (goap_next_event(sim.get(), &e)) {
                QVERIFY(n < lines.size());
                const QJsonObject line = QJsonDocument::fromJson(lines[n++]).object();
                QCOMPARE(e.day, line.value("day").toInt());
                QCOMPARE(QString::fromUtf8(e.text), line.value("text").toString());
                QCOMPARE(QString::fromUtf8(e.character), line.value("agent").toString());
            }
        }
        QCOMPARE(goap_day(sim.get()), 1);
        QCOMPARE(n, lines.size() - 1); // the file ends with a newline
    }

    void badFileSaysWhereAsCli_data()
    {
        QTest::addColumn<QString>("file");
        const QDir dir(kSource + "/tests/data/bad");
        for (const QString &f : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(f)) << dir.filePath(f);
        QTest::newRow("missing") << kSource + "/tests/data/bad/no-such-file.json";
        QTest::newRow("directory") << kSource + "/tests/data/bad";
    }
    // The error lines are goap-sim validate's, path:line:col and all.
    void badFileSaysWhereAsCli()
    {
        QFETCH(QString, file);
        const Run r = goapSim({QStringLiteral("validate"), file});
        QVERIFY(r.exitCode == 2 || r.exitCode == 3);
        goap_sim *sim = reinterpret_cast<goap_sim *>(this);
        const goap_status status = goap_open(QFile::encodeName(file).constData(), &sim);
        QCOMPARE(int(status), r.exitCode);
        QCOMPARE(sim, nullptr);
        QCOMPARE(QByteArray(goap_last_error()), r.err.trimmed());
    }

    // Issue #27, 10: a library must not print; an empty path is an error in words.
    void anEmptyPathIsRefusedWithoutPrinting()
    {
        static QStringList printed;
        printed.clear();
        const QtMessageHandler before
            = qInstallMessageHandler([](QtMsgType, const QMessageLogContext &, const QString &m) { printed << m; });
        goap_sim *sim = nullptr;
        const goap_status status = goap_open("", &sim);
        qInstallMessageHandler(before);
        QCOMPARE(status, GOAP_ERROR_IO);
        QCOMPARE(sim, nullptr);
        QVERIFY2(QByteArray(goap_last_error()).contains("no file name was given"), goap_last_error());
        QVERIFY2(printed.isEmpty(), qPrintable(printed.join(u'\n')));
    }

    void syntaxErrorHasLineAndColumn()
    {
        const QString file = kSource + "/tests/data/bad/truncated.json";
        goap_sim *sim = nullptr;
        QCOMPARE(goap_open(QFile::encodeName(file).constData(), &sim), GOAP_ERROR_INVALID);
        const QString message = QString::fromUtf8(goap_last_error());
        QVERIFY2(QRegularExpression("^" + QRegularExpression::escape(file) + R"(:\d+:\d+: error: invalid JSON)")
                     .match(message)
                     .hasMatch(),
                 qPrintable(message));

        // From memory, the name given stands for the file.
        const QByteArray bytes = readAll(file);
        QCOMPARE(goap_open_memory(bytes.constData(), size_t(bytes.size()), "level1.json", &sim), GOAP_ERROR_INVALID);
        QCOMPARE(QString::fromUtf8(goap_last_error()), QString(message).replace(file, QStringLiteral("level1.json")));
    }

    void openMemoryRunsAsFile()
    {
        const QString file = kSource + "/scenarios/bakery.json";
        const QByteArray bytes = readAll(file);
        goap_sim *raw = nullptr;
        QCOMPARE(goap_open_memory(bytes.constData(), size_t(bytes.size()), "bakery.json", &raw), GOAP_OK);
        const Sim fromMemory(raw);
        const Sim fromFile = open(file);
        QCOMPARE(goap_run_days(fromMemory.get(), 1), GOAP_OK);
        QCOMPARE(goap_run_days(fromFile.get(), 1), GOAP_OK);
        QCOMPARE(reportOf(fromMemory.get()), reportOf(fromFile.get()));
    }

    void plansEqualCli_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("agent");
        QTest::addColumn<QString>("goal");
        const QDir dir(kSource + "/scenarios");
        for (const QString &f : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
            const QJsonObject s = QJsonDocument::fromJson(readAll(dir.filePath(f))).object();
            const QJsonObject agent = s.value("agents").toArray().first().toObject();
            for (const QJsonValue g : agent.value("goals").toArray()) {
                const QString goal = g.toObject().value("goal").toString();
                const QString id = agent.value("id").toString();
                QTest::newRow(qPrintable(f + ": " + id + " -> " + goal)) << dir.filePath(f) << id << goal;
            }
        }
    }
    void plansEqualCli()
    {
        QFETCH(QString, file);
        QFETCH(QString, agent);
        QFETCH(QString, goal);
        const Run r = goapSim({QStringLiteral("plan"), file, "--agent", agent, "--goal", goal, "--json"});
        QVERIFY(r.exitCode == 0 || r.exitCode == 4);
        const QJsonObject expected = QJsonDocument::fromJson(r.out).object();
        const Sim sim = open(file);
        goap_plan *plan = nullptr;
        const goap_status status
            = goap_plan_find(sim.get(), agent.toUtf8().constData(), goal.toUtf8().constData(), &plan);
        QCOMPARE(status == GOAP_OK, expected.value("found").toBool());
        QCOMPARE(int(status), r.exitCode);
        QStringList actions;
        for (int i = 0; i < goap_plan_length(plan); ++i)
            actions << QString::fromUtf8(goap_plan_action(plan, i));
        QStringList expectedActions;
        for (const QJsonValue a : expected.value("actions").toArray())
            expectedActions << a.toString();
        QCOMPARE(actions, expectedActions);
        if (plan)
            QCOMPARE(goap_plan_cost(plan), expected.value("cost").toDouble());
        goap_plan_free(plan);
    }

    // Out of memory is a status, not an abort: a child process with its
    // address space capped just above what it uses runs until the event log
    // (never taken) cannot grow, and the run returns GOAP_ERROR_OUT_OF_MEMORY.
    void outOfMemoryIsAStatus()
    {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
        QSKIP("sanitizers reserve terabytes of address space; a cap on it means nothing there");
#endif
        const QByteArray file = QFile::encodeName(kSource + "/scenarios/town.json");
        const pid_t child = fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            goap_sim *sim = nullptr;
            if (goap_open(file.constData(), &sim) != GOAP_OK)
                _exit(100);
            QFile status(QStringLiteral("/proc/self/status"));
            status.open(QIODevice::ReadOnly);
            const QByteArray text = status.readAll();
            const qsizetype at = text.indexOf("VmSize:");
            const rlim_t used
                = rlim_t(text.mid(at + 7, text.indexOf('\n', at) - at - 7).trimmed().split(' ').first().toLongLong())
                * 1024;
            const rlimit cap {used + 8 * 1024 * 1024, used + 8 * 1024 * 1024};
            if (at < 0 || setrlimit(RLIMIT_AS, &cap) != 0)
                _exit(101);
            const goap_status ran = goap_run_days(sim, 100000);
            const goap_status again = goap_step(sim, 1);
            const bool said = std::string_view(goap_last_error()).find("mid-tick") != std::string_view::npos;
            goap_close(sim);
            _exit(ran == GOAP_ERROR_OUT_OF_MEMORY && again == GOAP_ERROR_ARGUMENT && said ? 0 : 102 + int(ran));
        }
        int status = 0;
        QCOMPARE(waitpid(child, &status, 0), child);
        QVERIFY2(WIFEXITED(status), "the child died of a signal: an abort at the boundary");
        QCOMPARE(WEXITSTATUS(status), 0);
    }

    void charactersAtDusk()
    {
        const Sim sim = open(kSource + "/scenarios/town.json");
        QCOMPARE(goap_character_count(sim.get()), 0); // nobody before the first dawn
        QCOMPARE(goap_run_days(sim.get(), 1), GOAP_OK);
        QVERIFY(goap_character_count(sim.get()) >= 6);
        QCOMPARE(goap_day(sim.get()), 0);
        for (int i = 0; i < goap_character_count(sim.get()); ++i) {
            double x = 0, y = 0;
            QCOMPARE(goap_character_position(sim.get(), i, &x, &y), GOAP_OK);
            QCOMPARE(goap_character_position(sim.get(), i, nullptr, &y), GOAP_ERROR_ARGUMENT);
        }
        QCOMPARE(goap_character_id(sim.get(), -1), nullptr);
    }

    // Issue #32: every phase and event kind the engine has, goap.h names,
    // with the engine's own name (goap.cpp's switches make a new one without
    // a name a build error; this walks the values at run time).
    void everyPhaseAndEventKindHasItsName()
    {
        for (int k = 0; k < GOAP_PHASE_COUNT; ++k)
            QCOMPARE(QString::fromUtf8(goap_phase_name(goap_phase(k))), goap::sim::phaseName(goap::sim::Phase(k)));
        QCOMPARE(goap_phase_name(goap_phase(GOAP_PHASE_COUNT)), "unknown");
        QCOMPARE(GOAP_PHASE_COUNT, goap::sim::kPhaseCount);
        for (int k = 0; k < GOAP_EVENT_KIND_COUNT; ++k)
            QCOMPARE(QString::fromUtf8(goap_event_kind_name(goap_event_kind(k))),
                     goap::sim::eventKindName(goap::sim::EventKind(k)));
        // Past the last kind the engine names nothing: goap.h has them all.
        QVERIFY(goap::sim::eventKindName(goap::sim::EventKind(GOAP_EVENT_KIND_COUNT)).isEmpty());
        QVERIFY(goap::sim::phaseName(goap::sim::Phase(GOAP_PHASE_COUNT)).isEmpty());
        QCOMPARE(goap_event_kind_name(goap_event_kind(GOAP_EVENT_KIND_COUNT)), "unknown");
    }

    // The line: a character standing in one is GOAP_PHASE_QUEUED, and its
    // joining is a GOAP_EVENT_QUEUED event (they read 5 and 15, unnamed, before).
    void aLineIsQueued()
    {
        const Sim sim = openMemory(kLine);
        QVERIFY(sim);
        goap_event e;
        QByteArray queuedOne;
        for (int t = 0; t < 600 && queuedOne.isEmpty(); ++t) {
            QCOMPARE(goap_step(sim.get(), 1), GOAP_OK);
            while (goap_next_event(sim.get(), &e))
                if (e.kind == GOAP_EVENT_QUEUED) {
                    QCOMPARE(e.action, "buy");
                    queuedOne = e.character;
                }
        }
        QVERIFY(!queuedOne.isEmpty());
        goap_phase phase = GOAP_PHASE_IDLE;
        QCOMPARE(goap_character_phase(sim.get(), goap_character_find(sim.get(), queuedOne), &phase), GOAP_OK);
        QCOMPARE(phase, GOAP_PHASE_QUEUED);
        QCOMPARE(goap_phase_name(phase), "queued");
    }

    // Facts by their names in the file: the world's without a character, a
    // character's own with one; what the scenario never names is refused.
    void factsReadAndWritten()
    {
        const Sim sim = open(kSource + "/scenarios/bakery.json");
        int32_t v = -1;
        QCOMPARE(goap_fact_get(sim.get(), nullptr, "world.bread", &v), GOAP_OK); // begins the day
        QCOMPARE(v, 0);
        QCOMPARE(goap_character_count(sim.get()), 3);
        QCOMPARE(goap_fact_set(sim.get(), nullptr, "world.bread", 7), GOAP_OK);
        QCOMPARE(goap_fact_get(sim.get(), "smelter", "world.bread", &v), GOAP_OK);
        QCOMPARE(v, 7);
        QCOMPARE(goap_fact_set(sim.get(), "smelter", "agent.ore", 2), GOAP_OK);
        QCOMPARE(goap_fact_get(sim.get(), "smelter", "agent.ore", &v), GOAP_OK);
        QCOMPARE(v, 2);
        QCOMPARE(goap_fact_get(sim.get(), "baker", "agent.ore", &v), GOAP_OK);
        QCOMPARE(v, 0); // each character's own

        QCOMPARE(goap_fact_get(sim.get(), nullptr, "world.cake", &v), GOAP_ERROR_ARGUMENT);
        QVERIFY2(QByteArray(goap_last_error()).contains("no fact \"world.cake\""), goap_last_error());
        QCOMPARE(goap_fact_set(sim.get(), nullptr, "bread", 1), GOAP_ERROR_ARGUMENT);
        QCOMPARE(goap_fact_get(sim.get(), nullptr, "agent.ore", &v), GOAP_ERROR_ARGUMENT);
        QVERIFY2(QByteArray(goap_last_error()).contains("name the character"), goap_last_error());
        QCOMPARE(goap_fact_get(sim.get(), "nobody", "agent.ore", &v), GOAP_ERROR_ARGUMENT);
        QVERIFY2(QByteArray(goap_last_error()).contains("nobody"), goap_last_error());
        QCOMPARE(goap_fact_set(sim.get(), nullptr, "world.bread", -1), GOAP_ERROR_ARGUMENT);
        QCOMPARE(goap_fact_get(sim.get(), nullptr, "world.bread", &v), GOAP_OK);
        QCOMPARE(v, 7); // a refused set changes nothing

        const Sim line = openMemory(kLine);
        QCOMPARE(goap_fact_set(line.get(), nullptr, "world.free.counter", 5), GOAP_ERROR_ARGUMENT);
        QVERIFY2(QByteArray(goap_last_error()).contains("kept by the engine"), goap_last_error());
        QCOMPARE(goap_fact_get(line.get(), nullptr, "world.free.counter", &v), GOAP_OK);
        QCOMPARE(v, 2);
    }

    // A set takes effect before the next tick: the baker's shelf quota
    // (world.bread >= 4) is met at the very next tick once the game stocks it.
    void aFactSetCountsAtTheNextTick()
    {
        const Sim sim = open(kSource + "/scenarios/bakery.json");
        QCOMPARE(goap_step(sim.get(), 10), GOAP_OK);
        QCOMPARE(goap_fact_set(sim.get(), nullptr, "world.bread", 4), GOAP_OK);
        QCOMPARE(goap_step(sim.get(), 1), GOAP_OK);
        int met = 0;
        double at = 0;
        QCOMPARE(goap_quota_met(sim.get(), 0, "baker", "shelf", &met, &at), GOAP_OK);
        QCOMPARE(met, 1);
        QVERIFY(at * goap_ticks_per_day(sim.get()) <= 11.5);
    }

    // A set that breaks a plan: the character walking to take bread finds
    // the shelf empty when it arrives, a "recheck" event, and plans again.
    void aFactSetBreaksAPlanAtItsRecheck()
    {
        const Sim sim = open(kSource + "/scenarios/bakery.json");
        QCOMPARE(goap_set_events(sim.get(), 1), GOAP_OK);
        QByteArray walker;
        for (int t = 0; t < 20000 && walker.isEmpty(); ++t) {
            QCOMPARE(goap_step(sim.get(), 1), GOAP_OK);
            for (int i = 0; i < goap_character_count(sim.get()); ++i) {
                const char *action = nullptr;
                goap_phase phase = GOAP_PHASE_IDLE;
                QCOMPARE(goap_character_action(sim.get(), i, &action), GOAP_OK);
                QCOMPARE(goap_character_phase(sim.get(), i, &phase), GOAP_OK);
                if (phase == GOAP_PHASE_WALKING && action && QByteArray(action) == "collectBread")
                    walker = goap_character_id(sim.get(), i);
            }
        }
        QVERIFY(!walker.isEmpty());
        goap_event e;
        while (goap_next_event(sim.get(), &e)) { } // what came before
        QCOMPARE(goap_fact_set(sim.get(), nullptr, "world.bread", 0), GOAP_OK);
        bool failed = false, completed = false;
        for (int t = 0; t < 2000 && !failed && !completed; ++t) {
            QCOMPARE(goap_step(sim.get(), 1), GOAP_OK);
            while (goap_next_event(sim.get(), &e)) {
                if (e.character != walker || !e.action || QByteArray(e.action) != "collectBread")
                    continue;
                failed = failed || e.kind == GOAP_EVENT_RECHECK_FAILED;
                completed = completed || e.kind == GOAP_EVENT_COMPLETE || e.kind == GOAP_EVENT_START;
            }
        }
        QVERIFY(failed);
        QVERIFY(!completed);
    }

    // From now, not from dawn: the blacksmith cannot make iron, so with no
    // ingot in the world it has no plan for its quota; once the game puts
    // ingots there it has, and the dawn plan is unchanged by either.
    void planFromNow()
    {
        const Sim sim = open(kSource + "/scenarios/bakery.json");
        goap_plan *raw = reinterpret_cast<goap_plan *>(this);
        QCOMPARE(goap_plan_find_now(sim.get(), "blacksmith", "forgeQuota", &raw), GOAP_ERROR_NO_PLAN);
        QCOMPARE(raw, nullptr);
        QVERIFY2(QByteArray(goap_last_error()).contains("no plan from now"), goap_last_error());
        QCOMPARE(goap_fact_set(sim.get(), nullptr, "world.ironIngot", 2), GOAP_OK);
        QCOMPARE(goap_plan_find_now(sim.get(), "blacksmith", "forgeQuota", &raw), GOAP_OK);
        const PlanPtr now(raw);
        QStringList steps = actionsOf(now.get());
        steps.sort();
        QCOMPARE(steps, QStringList({"collectIron", "collectIron", "forgeTool", "forgeTool"}));
        QCOMPARE(goap_plan_find(sim.get(), "blacksmith", "forgeQuota", &raw), GOAP_ERROR_NO_PLAN); // from dawn

        // Its own facts too: the smelter with ore in hand does not mine first.
        QCOMPARE(goap_plan_find(sim.get(), "smelter", "smeltQuota", &raw), GOAP_OK);
        const PlanPtr dawn(raw);
        QVERIFY(actionsOf(dawn.get()).contains("mineOre"));
        QCOMPARE(goap_fact_set(sim.get(), "smelter", "agent.ore", 3), GOAP_OK);
        QCOMPARE(goap_plan_find_now(sim.get(), "smelter", "smeltQuota", &raw), GOAP_OK);
        const PlanPtr smelt(raw);
        QCOMPARE(actionsOf(smelt.get()), QStringList({"smeltIron", "smeltIron", "smeltIron"}));
        QVERIFY(goap_plan_cost(smelt.get()) < goap_plan_cost(dawn.get()));

        QCOMPARE(goap_plan_find_now(sim.get(), "nobody", "smeltQuota", &raw), GOAP_ERROR_ARGUMENT);
        QCOMPARE(goap_plan_find_now(sim.get(), "smelter", "nothing", &raw), GOAP_ERROR_ARGUMENT);
    }

    // Issue #31: a maximise goal through the C API. From dawn: the best the
    // budget allows (8 gold, proven); from now, with gold set by the game, the
    // value starts there; with a pick and the mine, four digs. A need's plan
    // is no extreme plan: goap_plan_extreme() says 0 and writes nothing.
    void planFindHandlesMaximiseGoals()
    {
        const Sim sim = open(kSource + "/scenarios/prospector.json");
        goap_plan *raw = nullptr;
        QCOMPARE(goap_plan_find(sim.get(), "prospector", "riches", &raw), GOAP_OK);
        const PlanPtr dawn(raw);
        QCOMPARE(actionsOf(dawn.get()), QStringList({"panRiver", "panRiver", "buyPick", "digMine", "digMine"}));
        QCOMPARE(goap_plan_cost(dawn.get()), 11.0);
        int32_t start = -1, reached = -1;
        int optimal = -1;
        QCOMPARE(goap_plan_extreme(dawn.get(), &start, &reached, &optimal), 1);
        QCOMPARE(start, 0);
        QCOMPARE(reached, 8);
        QCOMPARE(optimal, 1);

        QCOMPARE(goap_fact_set(sim.get(), "prospector", "agent.gold", 5), GOAP_OK);
        QCOMPARE(goap_fact_set(sim.get(), "prospector", "agent.pick", 1), GOAP_OK);
        QCOMPARE(goap_plan_find_now(sim.get(), "prospector", "riches", &raw), GOAP_OK);
        const PlanPtr now(raw);
        QCOMPARE(actionsOf(now.get()), QStringList(4, QStringLiteral("digMine")));
        QCOMPARE(goap_plan_extreme(now.get(), &start, &reached, nullptr), 1);
        QCOMPARE(start, 5);
        QCOMPARE(reached, 21);

        QCOMPARE(goap_plan_find(sim.get(), "prospector", "hunger", &raw), GOAP_OK);
        const PlanPtr need(raw);
        start = reached = optimal = -7;
        QCOMPARE(goap_plan_extreme(need.get(), &start, &reached, &optimal), 0);
        QCOMPARE(start, -7);
        QCOMPARE(goap_plan_extreme(nullptr, &start, &reached, &optimal), 0);
    }

    // Issue #31: from now, a maximise goal is planned with what is left of its
    // episode's budget, as the character does: once the first pan of the dawn
    // plan is done (cost 2 of 12), the rest of that plan (cost 9, the plan its
    // own safe point makes then), not a plan spending a fresh 12.
    void planFindNowLeavesWhatAnEpisodeSpent()
    {
        const Sim sim = open(kSource + "/scenarios/prospector.json");
        bool panned = false;
        for (int tick = 0; tick < 100000 && !panned; ++tick) {
            QCOMPARE(goap_step(sim.get(), 1), GOAP_OK);
            goap_event e;
            while (goap_next_event(sim.get(), &e))
                panned = panned || (e.kind == GOAP_EVENT_COMPLETE && QByteArray(e.action) == "panRiver");
        }
        QVERIFY(panned);
        goap_plan *raw = nullptr;
        QCOMPARE(goap_plan_find_now(sim.get(), "prospector", "riches", &raw), GOAP_OK);
        const PlanPtr rest(raw);
        QCOMPARE(actionsOf(rest.get()), QStringList({"panRiver", "buyPick", "digMine", "digMine"}));
        QCOMPARE(goap_plan_cost(rest.get()), 9.0);
        int32_t start = -1, reached = -1;
        QCOMPARE(goap_plan_extreme(rest.get(), &start, &reached, nullptr), 1);
        QCOMPARE(start, 1);
        QCOMPARE(reached, 8);
        // From dawn the whole budget, as before.
        QCOMPARE(goap_plan_find(sim.get(), "prospector", "riches", &raw), GOAP_OK);
        const PlanPtr dawn(raw);
        QCOMPARE(goap_plan_cost(dawn.get()), 11.0);
    }

    // A host that moves a character: standing, it stands where it is put;
    // mid-walk, it walks on to the same place from there; in a line, refused.
    void aHostMovesACharacter()
    {
        const Sim sim = openMemory(kLine);
        goap_phase phase = GOAP_PHASE_IDLE;
        int e = -1;
        for (int t = 0; t < 3000 && phase != GOAP_PHASE_WALKING; ++t) {
            QCOMPARE(goap_step(sim.get(), 1), GOAP_OK);
            e = goap_character_find(sim.get(), "e");
            QCOMPARE(goap_character_phase(sim.get(), e, &phase), GOAP_OK);
        }
        QCOMPARE(phase, GOAP_PHASE_WALKING);
        double x0 = 0, y0 = 0;
        QCOMPARE(goap_character_position(sim.get(), e, &x0, &y0), GOAP_OK);
        QVERIFY(std::hypot(x0 - 15.5, y0 - 5.5) > 10); // far from the counter yet
        double x = 0, y = 0;
        QCOMPARE(goap_character_set_position(sim.get(), e, 15.5, 8.5), GOAP_OK);
        QCOMPARE(goap_character_position(sim.get(), e, &x, &y), GOAP_OK);
        QCOMPARE(x, 15.5);
        QCOMPARE(y, 8.5);
        // Three units from the counter at speed 2: it is there long before it
        // would have been from (26, 18), and acts (or waits in line) there.
        QCOMPARE(goap_step(sim.get(), 25), GOAP_OK);
        QCOMPARE(goap_character_position(sim.get(), e, &x, &y), GOAP_OK);
        QVERIFY2(std::hypot(x - 15.5, y - 5.5) < 3, qPrintable(QStringLiteral("%1, %2").arg(x).arg(y)));
        QCOMPARE(goap_character_phase(sim.get(), e, &phase), GOAP_OK);
        QVERIFY(phase == GOAP_PHASE_ACTING || phase == GOAP_PHASE_QUEUED);
        QCOMPARE(goap_character_set_position(sim.get(), e, 1.5, 1.5), GOAP_ERROR_ARGUMENT);
        QVERIFY2(QByteArray(goap_last_error()).contains("decides where it stands"), goap_last_error());
        QCOMPARE(goap_character_set_position(sim.get(), e, qQNaN(), 1), GOAP_ERROR_ARGUMENT);

        // Standing still (done for the day): it stands on the cell it is put on.
        QCOMPARE(goap_run_days(sim.get(), 1), GOAP_OK);
        const int a = goap_character_find(sim.get(), "a");
        QCOMPARE(goap_character_set_position(sim.get(), a, 3.5, 3.5), GOAP_OK);
        QCOMPARE(goap_character_position(sim.get(), a, &x, &y), GOAP_OK);
        QCOMPARE(x, 3.5);
        QCOMPARE(y, 3.5);
    }

    // Issue #32: the game owns an action. The engine starts it and waits,
    // however long, until the game finishes it: effects, or a failure and a
    // new plan.
    void theGameFinishesAnExternalAction()
    {
        const Sim sim = openMemory(kHunt);
        QVERIFY(sim);
        goap_event e;
        QVERIFY(stepUntil(sim.get(), "hunter", GOAP_EVENT_EXTERNAL_STARTED, 2000, &e));
        QCOMPARE(e.action, "hunt");
        QCOMPARE(goap_event_kind_name(e.kind), "external");
        // Ten times its duration later it still hunts, and nothing came of it.
        QCOMPARE(goap_step(sim.get(), 200), GOAP_OK);
        while (goap_next_event(sim.get(), &e))
            QVERIFY(e.kind != GOAP_EVENT_COMPLETE);
        const int hunter = goap_character_find(sim.get(), "hunter");
        goap_phase phase = GOAP_PHASE_IDLE;
        const char *action = nullptr;
        QCOMPARE(goap_character_phase(sim.get(), hunter, &phase), GOAP_OK);
        QCOMPARE(goap_character_action(sim.get(), hunter, &action), GOAP_OK);
        QCOMPARE(phase, GOAP_PHASE_ACTING);
        QCOMPARE(action, "hunt");
        int32_t meat = -1;
        QCOMPARE(goap_fact_get(sim.get(), nullptr, "world.meat", &meat), GOAP_OK);
        QCOMPARE(meat, 0);

        QCOMPARE(goap_action_finish(sim.get(), "hunter", 1), GOAP_OK);
        QCOMPARE(goap_fact_get(sim.get(), nullptr, "world.meat", &meat), GOAP_OK);
        QCOMPARE(meat, 1);
        QVERIFY(goap_next_event(sim.get(), &e));
        QCOMPARE(e.kind, GOAP_EVENT_COMPLETE);
        QCOMPARE(e.action, "hunt");
        // Nothing to finish now; another's finish is refused too.
        QCOMPARE(goap_action_finish(sim.get(), "hunter", 1), GOAP_ERROR_ARGUMENT);
        QVERIFY2(QByteArray(goap_last_error()).contains("not performing an external action"), goap_last_error());
        QCOMPARE(goap_action_finish(sim.get(), "nobody", 1), GOAP_ERROR_ARGUMENT);

        // The next hunt fails: a recorded reason, no meat, and it plans again.
        QVERIFY(stepUntil(sim.get(), "hunter", GOAP_EVENT_EXTERNAL_STARTED, 2000, &e));
        QCOMPARE(goap_action_finish(sim.get(), "hunter", 0), GOAP_OK);
        QVERIFY(goap_next_event(sim.get(), &e));
        QCOMPARE(e.kind, GOAP_EVENT_EXTERNAL_FAILED);
        QCOMPARE(e.text, "hunt: the game says it failed");
        QVERIFY(goap_next_event(sim.get(), &e));
        QCOMPARE(e.kind, GOAP_EVENT_PLAN); // at once
        QCOMPARE(goap_fact_get(sim.get(), nullptr, "world.meat", &meat), GOAP_OK);
        QCOMPARE(meat, 1);
        QVERIFY(stepUntil(sim.get(), "hunter", GOAP_EVENT_EXTERNAL_STARTED, 2000, &e)); // and hunts again
    }

    // With no game (goap-sim, the editor) an external action takes its
    // duration and succeeds, and the log has no external events.
    void withoutAGameExternalActionsTakeTheirDuration()
    {
        QTemporaryDir tmp;
        const QString file = tmp.filePath(QStringLiteral("hunt.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kHunt);
        f.close();
        const QString events = tmp.filePath(QStringLiteral("events.jsonl"));
        QCOMPARE(goapSim({QStringLiteral("run"), file, "--events", events}).exitCode, 0);
        const QByteArray log = readAll(events);
        QCOMPARE(log.count("\"kind\": \"complete\""), 3);
        QVERIFY(!log.contains("external"));
    }
};

QTEST_GUILESS_MAIN(TestCapi)
#include "test_capi.moc"
