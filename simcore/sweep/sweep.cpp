#include "sweep.h"

#include "io/scenarioreader.h"
#include "planner/compiledscenario.h"
#include "sim/simulation.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <mutex>
#include <thread>

namespace goap::sweep {

namespace {

using json::Type;
using json::Value;

constexpr qint64 kMaxVariants = 1'000'000;
constexpr int kMaxDays = 10000;
constexpr int kMaxSteps = 100'000;

void fail(Issues &issues, const QString &path, const QString &message)
{
    issues.append(Issue {Issue::Severity::Error, path, message, 0, 0});
}

std::optional<Value> readJsonFile(const QString &file, const QString &what, Issues &issues,
                                  QByteArray *bytesOut = nullptr)
{
    QFile f(file);
    if (!QFileInfo(file).isFile() || !f.open(QIODevice::ReadOnly)) {
        fail(issues, {}, QStringLiteral("cannot read the %1 %2").arg(what, file));
        return std::nullopt;
    }
    if (f.size() > kMaxScenarioFileSize) {
        fail(issues, {}, QStringLiteral("the %1 %2 is over %3 MiB").arg(what, file).arg(kMaxScenarioFileSize >> 20));
        return std::nullopt;
    }
    const QByteArray bytes = f.readAll();
    Value v;
    json::ParseError error;
    if (!json::parse(bytes, v, error)) {
        const auto [line, column] = json::lineColumn(bytes, error.offset);
        issues.append(Issue {
            Issue::Severity::Error, {}, QStringLiteral("%1: invalid JSON: %2").arg(file, error.message), line, column});
        return std::nullopt;
    }
    if (bytesOut)
        *bytesOut = bytes;
    return v;
}

QString typeName(Type t)
{
    switch (t) {
    case Type::Number:
        return QStringLiteral("a number");
    case Type::String:
        return QStringLiteral("a string");
    case Type::Bool:
        return QStringLiteral("true or false");
    case Type::Array:
        return QStringLiteral("a list");
    case Type::Object:
        return QStringLiteral("an object");
    case Type::Null:
        return QStringLiteral("null");
    }
    return {};
}

bool isScalar(const Value &v)
{
    return v.type == Type::Number || v.type == Type::String || v.type == Type::Bool;
}

QString valueText(const Value &v)
{
    switch (v.type) {
    case Type::Number:
        return v.integerLiteral ? QString::number(v.integer) : QString::number(v.number, 'g', 15);
    case Type::String:
        return v.string;
    case Type::Bool:
        return v.boolean ? QStringLiteral("true") : QStringLiteral("false");
    default:
        return {};
    }
}

// A CSV field, quoted when it must be.
QString csv(const QString &s)
{
    if (!s.contains(u',') && !s.contains(u'"') && !s.contains(u'\n'))
        return s;
    return u'"' + QString(s).replace(u'"', QStringLiteral("\"\"")) + u'"';
}

QString number(double d)
{
    return QString::number(d, 'g', 10);
}

} // namespace

qint64 SweepSpec::variantCount() const
{
    qint64 n = 1;
    for (const SweepAxis &a : axes)
        n *= qint64(a.values.size());
    return n;
}

std::vector<const Value *> SweepSpec::pointOf(qint64 variant) const
{
    std::vector<const Value *> out(axes.size());
    for (size_t k = axes.size(); k-- > 0;) { // the last axis varies fastest
        const qint64 n = qint64(axes[k].values.size());
        out[k] = &axes[k].values[size_t(variant % n)];
        variant /= n;
    }
    return out;
}

Value *resolvePath(Value &root, const QString &path, bool create, QString &error)
{
    // Steps: a name at the start or after '.', [index], or ["key"].
    static const QRegularExpression step(
        QStringLiteral(R"re(\G(?:(?:^|\.)([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]))re"));
    Value *at = &root;
    QString walked;
    qsizetype pos = 0;
    if (path.isEmpty()) {
        error = QStringLiteral("the path is empty");
        return nullptr;
    }
    while (pos < path.size()) {
        const QRegularExpressionMatch m = step.match(path, pos);
        if (!m.hasMatch() || m.capturedLength() == 0) {
            error = QStringLiteral("cannot read the path at \"%1\"").arg(path.mid(pos));
            return nullptr;
        }
        pos += m.capturedLength();
        const bool last = pos >= path.size();
        if (m.capturedLength(2) > 0) { // an index
            bool ok = false;
            const qsizetype i = m.captured(2).toLongLong(&ok);
            if (at->type != Type::Array || !ok || i >= qsizetype(at->array.size())) {
                error = at->type != Type::Array
                    ? QStringLiteral("%1 is not a list").arg(walked.isEmpty() ? QStringLiteral("the scenario") : walked)
                    : QStringLiteral("%1 has %2 entries, no [%3]").arg(walked).arg(at->array.size()).arg(m.captured(2));
                return nullptr;
            }
            at = &at->array[size_t(i)];
            walked = pathIndex(walked, i);
            continue;
        }
        const QString key = m.capturedLength(1) > 0
            ? m.captured(1)
            : m.captured(3).replace(QStringLiteral("\\\""), QStringLiteral("\""));
        if (at->type != Type::Object) {
            error
                = QStringLiteral("%1 is not an object").arg(walked.isEmpty() ? QStringLiteral("the scenario") : walked);
            return nullptr;
        }
        Value *next = nullptr;
        for (json::Member &member : at->object)
            if (member.first == key)
                next = &member.second;
        if (!next) {
            if (!(create && last)) {
                error = QStringLiteral("%1 has no key \"%2\"")
                            .arg(walked.isEmpty() ? QStringLiteral("the scenario") : walked, key);
                return nullptr;
            }
            next = &at->insert(key, Value {});
        }
        at = next;
        walked = pathKey(walked, key);
    }
    return at;
}

bool checkAxes(const SweepSpec &spec, Issues &issues)
{
    const qsizetype before = issues.size();
    // Every path exists (or is an optional key of an object there), every
    // value has the type found there, and every value alone makes a valid
    // scenario: said now, before anything runs.
    for (size_t k = 0; k < spec.axes.size(); ++k) {
        const SweepAxis &axis = spec.axes[k];
        const QString at = pathKey(pathIndex(QStringLiteral("vary"), qsizetype(k)), QStringLiteral("path"));
        Value probe = spec.scenario;
        QString error;
        Value *target = resolvePath(probe, axis.path, true, error);
        if (!target) {
            fail(issues, at, QStringLiteral("%1: %2").arg(axis.path, error));
            continue;
        }
        const Type was = target->type;
        for (size_t j = 0; j < axis.values.size(); ++j) {
            const Value &v = axis.values[j];
            if (was != Type::Null && was != v.type) {
                fail(issues, at,
                     QStringLiteral("%1 holds %2, but the value %3 is %4")
                         .arg(axis.path, typeName(was), json::describe(v), typeName(v.type)));
                break;
            }
            *target = v;
            if (const ReadResult r = readScenario(json::write(probe)); !r.ok()) {
                const Issue first = r.issues.value(0);
                fail(issues, at,
                     QStringLiteral("%1 = %2 makes the scenario invalid: %3%4")
                         .arg(axis.path, valueText(v),
                              first.path.isEmpty() ? QString() : first.path + QStringLiteral(": "), first.message));
                break;
            }
        }
    }
    return std::none_of(issues.begin() + before, issues.end(), [](const Issue &i) { return i.isError(); });
}

std::optional<SweepSpec> readSweep(const QString &sweepFile, Issues &issues)
{
    QByteArray sweepBytes;
    const std::optional<Value> root = readJsonFile(sweepFile, QStringLiteral("sweep file"), issues, &sweepBytes);
    if (!root)
        return std::nullopt;
    if (root->type != Type::Object) {
        fail(issues, {}, QStringLiteral("expected an object with \"scenario\", \"days\" and \"vary\""));
        return std::nullopt;
    }
    SweepSpec spec;
    for (const json::Member &m : root->object)
        if (m.first != u"scenario" && m.first != u"days" && m.first != u"vary")
            fail(issues, pathKey({}, m.first),
                 QStringLiteral("unknown key \"%1\" (expected one of: scenario, days, vary)").arg(m.first));
    const Value *scenario = root->find(u"scenario");
    if (!scenario || scenario->type != Type::String || scenario->string.isEmpty()) {
        fail(issues, QStringLiteral("scenario"),
             QStringLiteral("expected the scenario's file name, relative to the sweep file"));
        return std::nullopt;
    }
    spec.scenarioFile = QFileInfo(sweepFile).dir().filePath(scenario->string);
    if (const Value *days = root->find(u"days")) {
        if (days->type != Type::Number || !days->integerLiteral || days->integer < 1 || days->integer > kMaxDays)
            fail(issues, QStringLiteral("days"),
                 QStringLiteral("expected a whole number of days from 1 to %1").arg(kMaxDays));
        else
            spec.days = int(days->integer);
    }
    const Value *vary = root->find(u"vary");
    if (!vary || vary->type != Type::Array) {
        fail(issues, QStringLiteral("vary"),
             QStringLiteral("expected a list of {\"path\", \"values\"} or {\"path\", \"from\", \"to\", \"steps\"}"));
        return std::nullopt;
    }
    // The variants are counted as the axes are read, before any axis's values
    // are made: a file of many long axes is refused at once, not after
    // generating them all (300 axes of 100,000 steps took 3 GB and aborted).
    qint64 count = 1;
    const auto tooMany = [&](qint64 size, const QString &at) {
        if (size <= 0 || count <= kMaxVariants / size) {
            count *= std::max<qint64>(size, 1);
            return false;
        }
        fail(issues, at,
             QStringLiteral("more than %1 variants: the axes up to this one make %2 x %3")
                 .arg(kMaxVariants)
                 .arg(count)
                 .arg(size));
        return true;
    };
    for (size_t k = 0; k < vary->array.size(); ++k) {
        const Value &entry = vary->array[k];
        const QString at = pathIndex(QStringLiteral("vary"), qsizetype(k));
        if (entry.type != Type::Object) {
            fail(issues, at, QStringLiteral("expected an object"));
            continue;
        }
        SweepAxis axis;
        const Value *path = entry.find(u"path");
        if (!path || path->type != Type::String) {
            fail(issues, pathKey(at, QStringLiteral("path")),
                 QStringLiteral("expected a JSON path into the scenario, e.g. \"planner.costWeight\""));
            continue;
        }
        axis.path = path->string;
        const Value *values = entry.find(u"values");
        const Value *from = entry.find(u"from"), *to = entry.find(u"to"), *steps = entry.find(u"steps");
        if (values) {
            if (values->type != Type::Array || values->array.empty() || from || to || steps) {
                fail(issues, pathKey(at, QStringLiteral("values")),
                     QStringLiteral("expected a non-empty list of values (and no from/to/steps)"));
                continue;
            }
            if (tooMany(qint64(values->array.size()), at))
                return std::nullopt;
            for (size_t j = 0; j < values->array.size(); ++j) {
                if (!isScalar(values->array[j]))
                    fail(issues, pathIndex(pathKey(at, QStringLiteral("values")), qsizetype(j)),
                         QStringLiteral("expected a number, a string or true/false"));
                axis.values.push_back(values->array[j]);
            }
        } else {
            const bool numbers = from && to && steps && from->type == Type::Number && to->type == Type::Number
                && steps->type == Type::Number && steps->integerLiteral && steps->integer >= 1
                && steps->integer <= kMaxSteps;
            if (!numbers) {
                fail(issues, at,
                     QStringLiteral("expected \"values\", or \"from\" and \"to\" (numbers) with \"steps\" (1 to %1)")
                         .arg(kMaxSteps));
                continue;
            }
            const auto n = int(steps->integer);
            if (tooMany(n, at))
                return std::nullopt;
            const bool integers = from->integerLiteral && to->integerLiteral;
            for (int j = 0; j < n; ++j) {
                const double v = n == 1 ? from->number : from->number + (to->number - from->number) * j / (n - 1);
                // Whole numbers stay integers when both ends are (an integer field takes them).
                axis.values.push_back(integers && v == std::round(v) ? Value::makeInteger(qint64(v))
                                                                     : Value::makeNumber(v));
            }
        }
        spec.axes.push_back(std::move(axis));
    }
    if (hasErrors(issues))
        return std::nullopt;

    // The scenario, valid as it is.
    QByteArray bytes;
    std::optional<Value> base = readJsonFile(spec.scenarioFile, QStringLiteral("scenario"), issues, &bytes);
    if (!base)
        return std::nullopt;
    QCryptographicHash identity(QCryptographicHash::Sha256);
    identity.addData(sweepBytes);
    identity.addData(QByteArrayView("\0", 1));
    identity.addData(bytes);
    spec.identity = QString::fromLatin1(identity.result().toHex().left(16));
    spec.sweepFile = sweepFile;
    spec.sweepSha256 = QCryptographicHash::hash(sweepBytes, QCryptographicHash::Sha256).toHex();
    spec.scenarioSha256 = QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
    if (const ReadResult r = readScenario(bytes); !r.ok()) {
        for (Issue i : r.issues) {
            i.message = spec.scenarioFile + QStringLiteral(": ") + i.message;
            issues.append(i);
        }
        return std::nullopt;
    }
    spec.scenario = std::move(*base);
    if (!checkAxes(spec, issues))
        return std::nullopt;
    return spec;
}

std::optional<Value> variantJson(const SweepSpec &spec, qint64 variant, QString &error)
{
    Value doc = spec.scenario;
    const std::vector<const Value *> point = spec.pointOf(variant);
    for (size_t k = 0; k < spec.axes.size(); ++k) {
        Value *target = resolvePath(doc, spec.axes[k].path, true, error);
        if (!target)
            return std::nullopt;
        *target = *point[k];
    }
    return doc;
}

QString readableName(const Value &scenario, const QString &path)
{
    // Steps: a key, [index], or ["quoted key"] (as resolvePath reads them).
    static const QRegularExpression step(
        QStringLiteral(R"(^(?:\.?([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]))"));
    QStringList words;
    const Value *at = &scenario;
    qsizetype pos = 0;
    while (pos < path.size()) {
        const QRegularExpressionMatch m = step.match(QStringView(path).mid(pos));
        if (!m.hasMatch())
            return path; // not a path this reads: shown as written
        const QString text = m.captured(0);
        pos += m.capturedLength(0);
        if (!m.captured(1).isEmpty()) {
            words << m.captured(1);
            at = at && at->type == Type::Object ? at->find(m.captured(1)) : nullptr;
        } else if (!m.captured(2).isEmpty()) {
            const qsizetype index = m.captured(2).toLongLong();
            at = at && at->type == Type::Array && index < qsizetype(at->array.size()) ? &at->array[size_t(index)]
                                                                                      : nullptr;
            const Value *id = at && at->type == Type::Object ? at->find(u"id") : nullptr;
            if (!id || id->type != Type::String)
                id = at && at->type == Type::Object ? at->find(u"goal") : nullptr;
            if (id && id->type == Type::String && !id->string.isEmpty() && !words.isEmpty())
                words.last() = id->string; // agents[5] -> baker
            else if (!words.isEmpty())
                words.last() += text;
            else
                words << text;
        } else {
            const QString key = m.captured(3).mid(1, m.captured(3).size() - 2);
            if (!words.isEmpty())
                words.last() += text;
            else
                words << text;
            at = at && at->type == Type::Object ? at->find(key) : nullptr;
        }
    }
    return words.join(u'.');
}

QByteArray sweepMetadataJson(const SweepSpec &spec)
{
    Value meta = Value::makeObject();
    meta.insert(QStringLiteral("format"), Value::makeString(QStringLiteral("goap-sweep-results")));
    meta.insert(QStringLiteral("tool"), Value::makeString(QStringLiteral("goap-sim")));
    meta.insert(QStringLiteral("version"), Value::makeString(QStringLiteral(GOAP_VERSION)));
    const auto file = [](const QString &name, const QByteArray &sha) {
        Value f = Value::makeObject();
        f.insert(QStringLiteral("file"), Value::makeString(QFileInfo(name).fileName())); // no machine's folders
        f.insert(QStringLiteral("sha256"), Value::makeString(QString::fromLatin1(sha)));
        return f;
    };
    meta.insert(QStringLiteral("sweep"), file(spec.sweepFile, spec.sweepSha256));
    meta.insert(QStringLiteral("scenario"), file(spec.scenarioFile, spec.scenarioSha256));
    meta.insert(QStringLiteral("identity"), Value::makeString(spec.identity));
    meta.insert(QStringLiteral("days"), Value::makeInteger(spec.days));
    meta.insert(QStringLiteral("variants"), Value::makeInteger(spec.variantCount()));
    Value parameters = Value::makeArray();
    for (const SweepAxis &a : spec.axes) {
        Value p = Value::makeObject();
        p.insert(QStringLiteral("path"), Value::makeString(a.path));
        p.insert(QStringLiteral("name"), Value::makeString(readableName(spec.scenario, a.path)));
        parameters.array.push_back(std::move(p));
    }
    meta.insert(QStringLiteral("parameters"), std::move(parameters));
    return json::write(meta);
}

QString shardMetadataFileName(const QString &dir)
{
    return QDir(dir).filePath(QStringLiteral("sweep.meta.json"));
}

QString metadataFileFor(const QString &resultsFile)
{
    QString base = resultsFile;
    if (base.endsWith(u".csv", Qt::CaseInsensitive))
        base.chop(4);
    return base + QStringLiteral(".meta.json");
}

QStringList sweepHeader(const SweepSpec &spec)
{
    QStringList header {QStringLiteral("variant")};
    for (const SweepAxis &a : spec.axes)
        header << a.path;
    const ReadResult r = readScenario(json::write(spec.scenario));
    if (!r.ok())
        return header;
    const Scenario &s = *r.scenario;
    for (const Agent &a : s.agents) {
        for (const GoalRef &ref : a.goals) {
            const Goal *g = s.goal(ref.goal);
            header << QStringLiteral("%1.%2.%3")
                          .arg(a.id, ref.goal, g && g->kind == GoalKind::Quota ? u"metAt" : u"satisfied");
        }
        header << a.id + QStringLiteral(".waiting") << a.id + QStringLiteral(".recheckFailures");
    }
    return header;
}

QString runVariant(const SweepSpec &spec, qint64 variant, QString &error)
{
    const std::optional<Value> doc = variantJson(spec, variant, error);
    if (!doc)
        return {};
    const ReadResult r = readScenario(json::write(*doc));
    if (!r.ok()) {
        const Issue first = r.issues.value(0);
        error = QStringLiteral("variant %1 is invalid: %2%3")
                    .arg(variant)
                    .arg(first.path.isEmpty() ? QString() : first.path + QStringLiteral(": "), first.message);
        return {};
    }
    const auto compiled = std::make_shared<const CompiledScenario>(compile(*r.scenario));
    sim::Options options;
    options.recordEvents = false;
    options.recordSamples = false;
    options.threads = 1; // --jobs runs variants side by side: the cores are shared between them, one each
    sim::Simulation simulation(compiled, options);
    // Per character (the scenario's own, by index) and goal slot: the sums over the days.
    const Scenario &s = *r.scenario;
    std::vector<std::vector<double>> metSum(size_t(s.agents.size()));
    std::vector<std::vector<int>> metDays(size_t(s.agents.size())), satisfied(size_t(s.agents.size()));
    std::vector<std::int64_t> waitingTicks(size_t(s.agents.size()), 0), allTicks(size_t(s.agents.size()), 0);
    std::vector<int> rechecks(size_t(s.agents.size()), 0);
    auto take = [&](const std::vector<sim::DayReport> &days) {
        for (const sim::DayReport &day : days) {
            for (size_t a = 0; a < day.agents.size() && a < size_t(s.agents.size()); ++a) {
                const sim::AgentReport &report = day.agents[a];
                const size_t goals = report.goals.size();
                metSum[a].resize(goals, 0);
                metDays[a].resize(goals, 0);
                satisfied[a].resize(goals, 0);
                for (size_t g = 0; g < goals; ++g) {
                    if (report.goals[g].metAt) {
                        metSum[a][g] += *report.goals[g].metAt;
                        ++metDays[a][g];
                    }
                    satisfied[a][g] += report.goals[g].satisfied;
                }
                waitingTicks[a] += report.phaseTicks[int(sim::Phase::Waiting)];
                for (std::int64_t t : report.phaseTicks)
                    allTicks[a] += t;
                rechecks[a] += report.recheckFailures;
            }
        }
    };
    for (int d = 0; d < spec.days; ++d) {
        simulation.stepTicks(simulation.ticksPerDay());
        take(simulation.takeFinishedReports());
    }
    take(simulation.reports()); // the last day, still "today"

    QStringList row {QString::number(variant)};
    for (const Value *v : spec.pointOf(variant))
        row << csv(valueText(*v));
    for (qsizetype a = 0; a < s.agents.size(); ++a) {
        for (qsizetype g = 0; g < s.agents[a].goals.size(); ++g) {
            const Goal *goal = s.goal(s.agents[a].goals[g].goal);
            const size_t gi = size_t(g);
            if (goal && goal->kind == GoalKind::Quota) // the mean over the days it was met; empty when never
                row << (gi < metDays[size_t(a)].size() && metDays[size_t(a)][gi] > 0
                            ? number(metSum[size_t(a)][gi] / metDays[size_t(a)][gi])
                            : QString());
            else
                row << QString::number(gi < satisfied[size_t(a)].size() ? satisfied[size_t(a)][gi] : 0);
        }
        row << number(allTicks[size_t(a)] > 0 ? double(waitingTicks[size_t(a)]) / double(allTicks[size_t(a)]) : 0.0)
            << QString::number(rechecks[size_t(a)]);
    }
    return row.join(u',');
}

QStringList runShard(const SweepSpec &spec, int shard, int shards, int jobs, QString &error,
                     const std::function<void(qint64, qint64)> &progress, const std::atomic<bool> *cancel,
                     const std::function<void(const QString &)> &sink)
{
    // The shard's k-th variant is shard - 1 + k x shards: nothing per variant is kept up front.
    const qint64 total = spec.variantCount();
    const size_t count = total >= shard ? size_t((total - shard) / shards + 1) : 0;
    std::vector<QString> rows(sink ? 0 : count);
    std::atomic<size_t> next {0}, done {0};
    std::mutex lock;
    QString firstError;
    // With a sink, rows leave in variant order as soon as every earlier one
    // is done: only those finished out of order wait (about `jobs` of them).
    std::map<size_t, QString> waiting;
    size_t nextOut = 0;
    auto work = [&] {
        for (size_t k; (k = next.fetch_add(1)) < count;) {
            QString row, e;
            if (!(cancel && cancel->load()))
                row = runVariant(spec, qint64(shard - 1) + qint64(k) * shards, e);
            {
                const std::lock_guard guard(lock);
                if (!e.isEmpty() && firstError.isEmpty())
                    firstError = e;
                if (sink) {
                    waiting.emplace(k, std::move(row));
                    for (auto it = waiting.begin(); it != waiting.end() && it->first == nextOut;
                         it = waiting.erase(it), ++nextOut)
                        if (!it->second.isEmpty())
                            sink(it->second);
                } else {
                    rows[k] = std::move(row);
                }
            }
            ++done;
        }
    };
    jobs = std::clamp(jobs, 1, 256);
    // `jobs` workers; the calling thread only reports progress (or, without
    // a report to make, is one of the workers).
    const int workers = int(std::min<size_t>(size_t(jobs), std::max<size_t>(count, 1)));
    std::vector<std::thread> threads;
    for (int t = progress ? 0 : 1; t < workers; ++t)
        threads.emplace_back(work);
    if (progress) {
        while (done.load() < count) {
            progress(qint64(done.load()), qint64(count));
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
    } else {
        work();
    }
    for (std::thread &t : threads)
        t.join();
    if (progress)
        progress(qint64(count), qint64(count));
    error = firstError;
    return QStringList(rows.begin(), rows.end());
}

namespace {
void collectNumbers(const Value &v, const QString &path, QStringList &out)
{
    switch (v.type) {
    case Type::Number:
        out << path;
        break;
    case Type::Object:
        for (const json::Member &m : v.object)
            if (m.first != u"version")
                collectNumbers(m.second, pathKey(path, m.first), out);
        break;
    case Type::Array:
        for (size_t i = 0; i < v.array.size(); ++i)
            collectNumbers(v.array[i], pathIndex(path, qsizetype(i)), out);
        break;
    default:
        break;
    }
}
} // namespace

QStringList numericPaths(const Value &scenario)
{
    QStringList out;
    collectNumbers(scenario, {}, out);
    return out;
}

namespace {

// "costWeight" -> "cost weight", "switchMargin" -> "switch margin".
QString words(const QString &key)
{
    QString out;
    for (const QChar c : key) {
        if (c.isUpper() && !out.isEmpty())
            out += u' ';
        out += c.toLower();
    }
    return out;
}

QString stringAt(const Value &v, QLatin1StringView key)
{
    const Value *found = v.find(key);
    return found && found->type == Type::String ? found->string : QString();
}

// An entity's label, else its id, else its place in its list.
QString labelOf(const Value &entity, const QString &fallback)
{
    const QString label = stringAt(entity, QLatin1StringView("label"));
    if (!label.isEmpty())
        return label;
    const QString id = stringAt(entity, QLatin1StringView("id"));
    return id.isEmpty() ? fallback : id;
}

// The label of the goal with this id in the scenario, else the id.
QString goalLabel(const Value &scenario, const QString &id)
{
    if (const Value *goals = scenario.find(QLatin1StringView("goals")); goals && goals->type == Type::Array)
        for (const Value &g : goals->array)
            if (stringAt(g, QLatin1StringView("id")) == id)
                return labelOf(g, id);
    return id;
}

// What the rest of a path (after the entity) is: "at[0]" -> "position x",
// "add[\"world.ore\"]" -> "adds world.ore", "goals[1].rate" -> "Hunger rate".
QString fieldLabel(const Value &scenario, const Value &entity, const QString &rest)
{
    static const QRegularExpression at(QStringLiteral(R"(^at\[([01])\]$)"));
    static const QRegularExpression keyed(QStringLiteral(R"re(^(\w+)\["(.*)"\]$)re"));
    static const QRegularExpression goalField(QStringLiteral(R"(^goals\[(\d+)\]\.(\w+)$)"));
    if (const auto m = at.match(rest); m.hasMatch())
        return m.captured(1) == u"0" ? QStringLiteral("position x") : QStringLiteral("position y");
    if (const auto m = keyed.match(rest); m.hasMatch()) {
        const QString what = m.captured(1), key = m.captured(2);
        if (what == u"add")
            return QStringLiteral("adds %1").arg(key);
        if (what == u"set")
            return QStringLiteral("sets %1").arg(key);
        if (what == u"pre")
            return QStringLiteral("needs %1").arg(key);
        if (what == u"conditions")
            return QStringLiteral("wants %1").arg(key);
        if (what == u"facts")
            return QStringLiteral("%1 at dawn").arg(key);
        return QStringLiteral("%1 %2").arg(words(what), key);
    }
    if (const auto m = goalField.match(rest); m.hasMatch()) {
        const Value *goals = entity.find(QLatin1StringView("goals"));
        const qsizetype k = m.captured(1).toLongLong();
        QString goal = m.captured(1);
        if (goals && goals->type == Type::Array && k < qsizetype(goals->array.size()))
            goal = goalLabel(scenario, stringAt(goals->array[size_t(k)], QLatin1StringView("goal")));
        return QStringLiteral("%1 %2").arg(goal, words(m.captured(2)));
    }
    return words(rest);
}

} // namespace

QString NumericField::name() const
{
    // The entity's label without its kind: "Character Baker" -> "Baker".
    const qsizetype space = group.indexOf(u' ');
    const bool kinded = space > 0
        && QStringList {QStringLiteral("Character"), QStringLiteral("Template"), QStringLiteral("Goal"),
                        QStringLiteral("Action"),    QStringLiteral("Station"),  QStringLiteral("Spawner")}
               .contains(group.left(space));
    return QStringLiteral("%1: %2").arg(kinded ? group.mid(space + 1) : group, label);
}

std::vector<NumericField> numericFields(const Value &scenario)
{
    // The entity lists, and the kind each is shown as.
    static const std::vector<std::pair<QLatin1StringView, QString>> lists = {
        {QLatin1StringView("agents"), QStringLiteral("Character")},
        {QLatin1StringView("templates"), QStringLiteral("Template")},
        {QLatin1StringView("spawners"), QStringLiteral("Spawner")},
        {QLatin1StringView("goals"), QStringLiteral("Goal")},
        {QLatin1StringView("actions"), QStringLiteral("Action")},
        {QLatin1StringView("stations"), QStringLiteral("Station")},
    };
    static const QRegularExpression entry(QStringLiteral(R"(^(\w+)\[(\d+)\]\.?(.*)$)"));
    static const QRegularExpression wall(QStringLiteral(R"(^map\.walls\[(\d+)\]\[(\d+)\]$)"));
    // The numbers there, and the optional ones left out that a sweep may
    // still set (resolvePath creates them): a character's goal's urgency
    // (quota) or start and rate (need), a goal's own urgency or start.
    QStringList paths = numericPaths(scenario);
    const Value *goals = scenario.find(QLatin1StringView("goals"));
    auto optionalKeys = [](const QString &kind) {
        return kind == u"need" ? QStringList {QStringLiteral("start"), QStringLiteral("rate")}
                               : QStringList {QStringLiteral("urgency")};
    };
    auto kindOf = [&](const QString &goal) {
        if (goals && goals->type == Type::Array)
            for (const Value &g : goals->array)
                if (stringAt(g, QLatin1StringView("id")) == goal)
                    return stringAt(g, QLatin1StringView("kind"));
        return QString();
    };
    if (goals && goals->type == Type::Array)
        for (size_t g = 0; g < goals->array.size(); ++g)
            for (const QString &key : optionalKeys(stringAt(goals->array[g], QLatin1StringView("kind"))))
                if (!goals->array[g].find(key))
                    paths << QStringLiteral("goals[%1].%2").arg(g).arg(key);
    for (const char *list : {"agents", "templates"})
        if (const Value *entities = scenario.find(QLatin1StringView(list)); entities && entities->type == Type::Array)
            for (size_t i = 0; i < entities->array.size(); ++i)
                if (const Value *refs = entities->array[i].find(QLatin1StringView("goals"));
                    refs && refs->type == Type::Array)
                    for (size_t k = 0; k < refs->array.size(); ++k) {
                        const Value &ref = refs->array[k];
                        const QString kind = kindOf(stringAt(ref, QLatin1StringView("goal")));
                        if (kind.isEmpty())
                            continue;
                        for (const QString &key : optionalKeys(kind))
                            if (!ref.find(key))
                                paths << QStringLiteral("%1[%2].goals[%3].%4")
                                             .arg(QLatin1StringView(list))
                                             .arg(i)
                                             .arg(k)
                                             .arg(key);
                    }
    std::vector<NumericField> out;
    for (const QString &path : paths) {
        NumericField f {path, {}, {}};
        if (const auto m = entry.match(path); m.hasMatch()) {
            const auto list
                = std::find_if(lists.begin(), lists.end(), [&](const auto &l) { return l.first == m.captured(1); });
            const Value *entities = scenario.find(m.captured(1));
            const size_t k = size_t(m.captured(2).toLongLong());
            if (list != lists.end() && entities && entities->type == Type::Array && k < entities->array.size()) {
                const Value &entity = entities->array[k];
                QString name = labelOf(entity, QStringLiteral("%1").arg(k + 1));
                if (list->second == u"Spawner") // a spawner is named by what it spawns
                    name = QStringLiteral("%1 %2").arg(stringAt(entity, QLatin1StringView("template"))).arg(k + 1);
                f.group = QStringLiteral("%1 %2").arg(list->second, name);
                f.label = fieldLabel(scenario, entity, m.captured(3));
            }
        }
        if (f.group.isEmpty()) {
            if (const auto m = wall.match(path); m.hasMatch()) {
                static const char *const parts[] = {"x", "y", "width", "height"};
                const int part = m.captured(2).toInt();
                f.group = QStringLiteral("Map");
                f.label = QStringLiteral("wall %1: %2")
                              .arg(m.captured(1).toInt() + 1)
                              .arg(part < 4 ? QLatin1StringView(parts[part]) : QLatin1StringView("?"));
            } else if (path.startsWith(u"world[")) {
                f.group = QStringLiteral("World");
                f.label = QStringLiteral("%1 at dawn").arg(path.mid(7, path.size() - 9));
            } else if (path.startsWith(u"map.")) {
                f.group = QStringLiteral("Map");
                f.label = words(path.mid(4));
            } else { // day.length, planner.costWeight
                const qsizetype dot = path.indexOf(u'.');
                f.group = QStringLiteral("Settings");
                f.label = dot > 0 ? QStringLiteral("%1 %2").arg(words(path.left(dot)), words(path.mid(dot + 1)))
                                  : words(path);
            }
        }
        out.push_back(std::move(f));
    }
    // The fields of one entity together, entities in the order first met.
    QHash<QString, qsizetype> order;
    for (const NumericField &f : out)
        order.insert(f.group, order.value(f.group, order.size()));
    std::stable_sort(out.begin(), out.end(), [&](const NumericField &a, const NumericField &b) {
        return order.value(a.group) < order.value(b.group);
    });
    return out;
}

QString shardFileName(const QString &dir, int shard, int shards)
{
    return QDir(dir).filePath(QStringLiteral("results-%1-of-%2.csv").arg(shard).arg(shards));
}

QString shardIdentityLine(const SweepSpec &spec, int shard, int shards)
{
    return QStringLiteral("# goap-sweep %1, %2 variants, shard %3 of %4")
        .arg(spec.identity)
        .arg(spec.variantCount())
        .arg(shard)
        .arg(shards);
}

namespace {

// Fields of a CSV line, counting quoted commas as text.
int csvFields(const QByteArray &line)
{
    int fields = 1;
    bool quoted = false;
    for (const char c : line) {
        if (c == '"')
            quoted = !quoted;
        else if (c == ',' && !quoted)
            ++fields;
    }
    return fields;
}

} // namespace

std::optional<QByteArray> mergeShards(const QString &dir, QString &error, QString *sweepIdentity)
{
    static const QRegularExpression name(QStringLiteral(R"(^results-(\d{1,18})-of-(\d{1,18})\.csv$)"));
    static const QRegularExpression idLine(
        QStringLiteral(R"(^# goap-sweep ([0-9a-f]{16}), (\d{1,9}) variants, shard (\d{1,9}) of (\d{1,9})$)"));
    const QStringList files = QDir(dir).entryList({QStringLiteral("results-*-of-*.csv")},
                                                  QDir::Files | QDir::System | QDir::Hidden, QDir::Name);
    std::map<int, QString> byShard;
    int shards = 0;
    for (const QString &f : files) {
        const QRegularExpressionMatch m = name.match(f);
        if (!m.hasMatch())
            continue;
        const qint64 k64 = m.captured(1).toLongLong(), n64 = m.captured(2).toLongLong();
        if (n64 < 1 || n64 > kMaxShards) {
            error = QStringLiteral("%1: a sweep has at most %2 shards").arg(f).arg(kMaxShards);
            return std::nullopt;
        }
        const int k = int(std::clamp<qint64>(k64, 0, kMaxShards + 1)), n = int(n64);
        if (shards != 0 && n != shards) {
            error = QStringLiteral("%1 holds shards of two sweeps (of %2 and of %3); merge one at a time")
                        .arg(dir)
                        .arg(shards)
                        .arg(n);
            return std::nullopt;
        }
        shards = n;
        if (k < 1 || k > n || byShard.count(k)) {
            error = QStringLiteral("%1: shard %2 of %3 is out of range or given twice").arg(f).arg(k).arg(n);
            return std::nullopt;
        }
        byShard[k] = QDir(dir).filePath(f);
    }
    if (shards == 0) {
        error = QStringLiteral("no results-K-of-N.csv in %1").arg(dir);
        return std::nullopt;
    }
    if (int(byShard.size()) != shards) { // at most 10 named: a short message whatever N is
        QStringList missing;
        for (int k = 1; k <= shards && missing.size() < 10; ++k)
            if (!byShard.count(k))
                missing << QString::number(k);
        const qsizetype more = qsizetype(shards) - qsizetype(byShard.size()) - missing.size();
        error = QStringLiteral("%1: shard(s) %2%3 of %4 missing; run them (--shard K/%4) before merging")
                    .arg(dir, missing.join(u", "), more > 0 ? QStringLiteral(" and %1 more").arg(more) : QString())
                    .arg(shards);
        return std::nullopt;
    }
    QByteArray header;
    QString identity;
    qint64 total = -1;
    std::vector<std::pair<qint64, QByteArray>> rows;
    for (const auto &[k, path] : byShard) {
        const QFileInfo info(path);
        if (!info.isFile()) { // a device, a FIFO, or a link to one: never read
            error = QStringLiteral("%1 is not a regular file").arg(path);
            return std::nullopt;
        }
        if (info.size() > kMaxShardBytes) {
            error = QStringLiteral("%1 is over %2 MiB: not a shard").arg(path).arg(kMaxShardBytes >> 20);
            return std::nullopt;
        }
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            error = QStringLiteral("cannot read %1").arg(path);
            return std::nullopt;
        }
        QList<QByteArray> lines = f.read(kMaxShardBytes).split('\n');
        if (!lines.isEmpty() && lines.last().isEmpty())
            lines.removeLast();
        const QRegularExpressionMatch id
            = lines.isEmpty() ? QRegularExpressionMatch() : idLine.match(QString::fromUtf8(lines.first()));
        if (!id.hasMatch() || id.captured(3).toInt() != k || id.captured(4).toInt() != shards) {
            error = QStringLiteral("%1 does not say it is shard %2 of %3 of a sweep (its first line: \"# goap-sweep "
                                   "ID, V variants, shard K of N\"); it was not written by goap-sim sweep")
                        .arg(path)
                        .arg(k)
                        .arg(shards);
            return std::nullopt;
        }
        if (identity.isEmpty()) {
            identity = id.captured(1);
            total = id.captured(2).toLongLong();
        } else if (id.captured(1) != identity || id.captured(2).toLongLong() != total) {
            error = QStringLiteral("%1 belongs to another sweep (%2, %3 variants) than shard 1 (%4, %5 variants): "
                                   "merge one sweep at a time")
                        .arg(path, id.captured(1), id.captured(2), identity)
                        .arg(total);
            return std::nullopt;
        }
        if (lines.size() < 2 || (!header.isEmpty() && lines[1] != header)) {
            error = QStringLiteral("%1 has other columns than shard 1: not one sweep").arg(path);
            return std::nullopt;
        }
        header = lines[1];
        const int columns = csvFields(header);
        // Exactly the shard's variants, in order: K - 1, K - 1 + N, ...
        qint64 expected = k - 1;
        for (qsizetype i = 2; i < lines.size(); ++i, expected += shards) {
            bool ok = false;
            const qint64 variant = lines[i].left(lines[i].indexOf(',')).toLongLong(&ok);
            if (!ok || variant != expected || variant >= total) {
                error = QStringLiteral("%1, line %2: variant %3 where variant %4 of %5 belongs")
                            .arg(path)
                            .arg(i + 1)
                            .arg(QString::fromUtf8(lines[i].left(20)))
                            .arg(expected)
                            .arg(total);
                return std::nullopt;
            }
            if (csvFields(lines[i]) != columns) {
                error = QStringLiteral("%1, line %2: %3 fields where the header has %4")
                            .arg(path)
                            .arg(i + 1)
                            .arg(csvFields(lines[i]))
                            .arg(columns);
                return std::nullopt;
            }
            rows.emplace_back(variant, lines[i]);
        }
        if (expected < total) {
            error = QStringLiteral("%1 stops before variant %2 of %3: the shard is incomplete")
                        .arg(path)
                        .arg(expected)
                        .arg(total);
            return std::nullopt;
        }
    }
    std::sort(rows.begin(), rows.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    QByteArray out = header + '\n';
    for (const auto &[variant, line] : rows)
        out += line + '\n';
    if (sweepIdentity)
        *sweepIdentity = identity;
    return out;
}

} // namespace goap::sweep
