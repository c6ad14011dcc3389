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
};

QTEST_GUILESS_MAIN(TestCapi)
#include "test_capi.moc"
