// The C API over simcore (goap.h). Every entry point runs its body through
// guarded(), so no C++ exception (std::bad_alloc included) crosses into C:
// it becomes a status and a message in goap_last_error().

#include "goap.h"

#include "io/scenarioreader.h"
#include "planner/compiledscenario.h"
#include "planner/planner.h"
#include "sim/records.h"
#include "sim/simulation.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iterator>
#include <memory>
#include <new>
#include <string>
#include <vector>

using namespace goap;

struct goap_sim
{
    std::shared_ptr<const CompiledScenario> compiled;
    QString fileName;
    QByteArray name, warnings;
    std::vector<QByteArray> actionIds, goalIds; // UTF-8, by scenario index
    sim::Options options;
    std::unique_ptr<sim::Simulation> simulation;
    bool stepped = false;
    bool broken = false; // a step threw: the simulation may be mid-tick

    // The present characters, refreshed lazily after the simulation moves.
    sim::Snapshot snapshot;
    std::vector<QByteArray> characterIds, characterLabels;
    bool snapshotValid = false;

    // Events taken from the simulation and not yet handed out.
    sim::EventLog taken;
    size_t nextEvent = 0;
    QByteArray eventCharacter, eventText;
};

struct goap_plan
{
    std::vector<QByteArray> actions;
    double cost = 0;
    bool extreme = false, optimal = false; // a maximise / minimise goal's plan, and whether proven best
    std::int32_t startValue = 0, value = 0;
};

namespace {

thread_local std::string t_lastError;

struct Failure
{
    goap_status status;
    QString message;
};

goap_status fail(goap_status status, const char *message) noexcept
{
    try {
        t_lastError = message;
    } catch (...) {
        t_lastError.clear(); // no memory even for the message: the status says enough
    }
    return status;
}

goap_status fail(const Failure &f) noexcept
{
    try {
        t_lastError = f.message.toStdString();
    } catch (...) {
        t_lastError.clear();
    }
    return f.status;
}

// Runs body, turning every exception into a status: the one place the C
// boundary is guarded, so each entry point stays a few lines long.
template<typename Body> goap_status guarded(Body &&body) noexcept
{
    try {
        return body();
    } catch (const Failure &f) {
        return fail(f);
    } catch (const std::bad_alloc &) {
        return fail(GOAP_ERROR_OUT_OF_MEMORY, "out of memory");
    } catch (const std::exception &e) {
        return fail(GOAP_ERROR_INTERNAL, e.what());
    } catch (...) {
        return fail(GOAP_ERROR_INTERNAL, "unknown exception inside libgoap");
    }
}

[[noreturn]] void raise(goap_status status, const QString &message)
{
    throw Failure {status, message};
}

goap_sim &need(goap_sim *sim)
{
    if (!sim)
        raise(GOAP_ERROR_ARGUMENT, QStringLiteral("the goap_sim handle is NULL"));
    return *sim;
}

QString text(const char *utf8, const char *what)
{
    if (!utf8)
        raise(GOAP_ERROR_ARGUMENT, QStringLiteral("%1 is NULL").arg(QLatin1String(what)));
    return QString::fromUtf8(utf8);
}

QString issueLines(const Issues &issues, const QString &file)
{
    QStringList lines;
    for (const Issue &issue : issues)
        lines << issue.format(file);
    return lines.join(u'\n');
}

goap_status openRead(ReadResult r, const QString &file, goap_sim **out)
{
    if (!r.ok())
        raise(r.ioError ? GOAP_ERROR_IO : GOAP_ERROR_INVALID, issueLines(r.issues, file));
    auto s = std::make_unique<goap_sim>();
    s->fileName = file;
    s->name = r.scenario->name.toUtf8();
    s->warnings = issueLines(r.issues, file).toUtf8();
    s->compiled = std::make_shared<const CompiledScenario>(compile(*r.scenario));
    for (const QString &id : s->compiled->actionIds)
        s->actionIds.push_back(id.toUtf8());
    for (const QString &id : s->compiled->goalIds)
        s->goalIds.push_back(id.toUtf8());
    s->options.recordSamples = false; // no API reads them; they would only grow
    s->options.hostFinishesExternal = true; // the game performs "external" actions
    s->simulation = std::make_unique<sim::Simulation>(s->compiled, s->options);
    *out = s.release();
    return GOAP_OK;
}

const char *idOr(const std::vector<QByteArray> &ids, int index)
{
    return index >= 0 && size_t(index) < ids.size() ? ids[size_t(index)].constData() : nullptr;
}

// Before a step or run: refuses a simulation a failed step left mid-tick,
// and marks it so until the step returns (it throws out of the middle).
void moving(goap_sim &s)
{
    if (s.broken)
        raise(GOAP_ERROR_ARGUMENT,
              QStringLiteral("an earlier step failed mid-tick; close this simulation and open it again"));
    s.stepped = true;
    s.snapshotValid = false;
    s.broken = true;
}

const sim::Snapshot &present(goap_sim &s)
{
    if (!s.snapshotValid) {
        s.simulation->fillSnapshot(s.snapshot);
        s.characterIds.resize(s.snapshot.agents.size());
        s.characterLabels.resize(s.snapshot.agents.size());
        for (size_t i = 0; i < s.snapshot.agents.size(); ++i) {
            s.characterIds[i] = s.snapshot.agents[i].id.toUtf8();
            s.characterLabels[i] = s.snapshot.agents[i].label.toUtf8();
        }
        s.snapshotValid = true;
    }
    return s.snapshot;
}

const sim::AgentSnapshot &character(goap_sim &s, int index)
{
    const sim::Snapshot &snap = present(s);
    if (index < 0 || size_t(index) >= snap.agents.size())
        raise(GOAP_ERROR_ARGUMENT,
              QStringLiteral("no character at position %1 (%2 present)").arg(index).arg(snap.agents.size()));
    return snap.agents[size_t(index)];
}

// The engine's phases and event kinds as goap.h names them. The switches
// have no default, and goap is built with -Werror=switch: a phase or event
// kind added to the engine without its name here does not compile.
constexpr goap_phase toC(sim::Phase phase)
{
    switch (phase) {
    case sim::Phase::Idle:
        return GOAP_PHASE_IDLE;
    case sim::Phase::Walking:
        return GOAP_PHASE_WALKING;
    case sim::Phase::Acting:
        return GOAP_PHASE_ACTING;
    case sim::Phase::Waiting:
        return GOAP_PHASE_WAITING;
    case sim::Phase::Resting:
        return GOAP_PHASE_RESTING;
    case sim::Phase::Queued:
        return GOAP_PHASE_QUEUED;
    }
    return GOAP_PHASE_IDLE;
}

constexpr goap_event_kind toC(sim::EventKind kind)
{
    switch (kind) {
    case sim::EventKind::Dawn:
        return GOAP_EVENT_DAWN;
    case sim::EventKind::Switch:
        return GOAP_EVENT_SWITCH;
    case sim::EventKind::Plan:
        return GOAP_EVENT_PLAN;
    case sim::EventKind::Start:
        return GOAP_EVENT_START;
    case sim::EventKind::Complete:
        return GOAP_EVENT_COMPLETE;
    case sim::EventKind::RecheckFailed:
        return GOAP_EVENT_RECHECK_FAILED;
    case sim::EventKind::Waiting:
        return GOAP_EVENT_WAITING;
    case sim::EventKind::Resting:
        return GOAP_EVENT_RESTING;
    case sim::EventKind::NeedSatisfied:
        return GOAP_EVENT_NEED_SATISFIED;
    case sim::EventKind::QuotaMet:
        return GOAP_EVENT_QUOTA_MET;
    case sim::EventKind::Spawned:
        return GOAP_EVENT_SPAWNED;
    case sim::EventKind::Left:
        return GOAP_EVENT_LEFT;
    case sim::EventKind::Enqueued:
        return GOAP_EVENT_ENQUEUED;
    case sim::EventKind::Partnered:
        return GOAP_EVENT_PARTNERED;
    case sim::EventKind::Released:
        return GOAP_EVENT_RELEASED;
    case sim::EventKind::Queued:
        return GOAP_EVENT_QUEUED;
    case sim::EventKind::ExternalStarted:
        return GOAP_EVENT_EXTERNAL_STARTED;
    case sim::EventKind::ExternalFailed:
        return GOAP_EVENT_EXTERNAL_FAILED;
    }
    return GOAP_EVENT_DAWN;
}

// The numbers too: goap.h's are the engine's (the event log and records use
// the engine's), and the counts cover every one.
static_assert(sim::kPhaseCount == GOAP_PHASE_COUNT);
static_assert(int(toC(sim::Phase::Queued)) == int(sim::Phase::Queued));
static_assert(int(toC(sim::Phase::Resting)) == int(sim::Phase::Resting));
static_assert(int(toC(sim::EventKind::Queued)) == int(sim::EventKind::Queued));
static_assert(int(toC(sim::EventKind::ExternalFailed)) == int(sim::EventKind::ExternalFailed));
static_assert(int(sim::EventKind::ExternalFailed) + 1 == GOAP_EVENT_KIND_COUNT,
              "a new event kind needs its name in goap.h");
static_assert(int(toC(sim::EventKind::Released)) == int(sim::EventKind::Released));

// Facts are there from the first dawn: a call that reads or writes the live
// state begins the day if no step has (as a first step would, without its tick).
sim::Simulation &started(goap_sim &s)
{
    if (s.broken)
        raise(GOAP_ERROR_ARGUMENT,
              QStringLiteral("an earlier step failed mid-tick; close this simulation and open it again"));
    if (!s.stepped) {
        s.stepped = true;
        s.snapshotValid = false;
        s.simulation->start();
    }
    return *s.simulation;
}

// A present character by id, as its storage index in the simulation.
int presentCharacter(goap_sim &s, const QString &who)
{
    const int i = started(s).presentIndex(who);
    if (i < 0)
        raise(GOAP_ERROR_ARGUMENT, QStringLiteral("no character \"%1\" present now").arg(who));
    return i;
}

struct FactRef
{
    int agent = -1; // storage index, -1 for a world fact read without a character
    FactId fact = -1;
};

FactRef factRef(goap_sim &s, const char *character, const char *name)
{
    const CompiledScenario &c = *s.compiled;
    const QString fact = text(name, "name");
    FactRef r;
    r.fact = c.fact(fact);
    if (r.fact < 0)
        raise(GOAP_ERROR_ARGUMENT,
              QStringLiteral("no fact \"%1\" in %2: facts are named as in the scenario (%3)")
                  .arg(fact, s.fileName, QStringList(c.factNames.begin(), c.factNames.end()).join(u", ")));
    started(s);
    if (character)
        r.agent = presentCharacter(s, QString::fromUtf8(character));
    else if (!c.isWorldFact(r.fact))
        raise(GOAP_ERROR_ARGUMENT,
              QStringLiteral("\"%1\" is a character's own fact: name the character (it is NULL)").arg(fact));
    return r;
}

template<typename T> T &out(T *p, const char *what)
{
    if (!p)
        raise(GOAP_ERROR_ARGUMENT, QStringLiteral("the %1 pointer is NULL").arg(QLatin1String(what)));
    return *p;
}

} // namespace

extern "C" {

const char *goap_version(void)
{
    return GOAP_VERSION;
}

int goap_api_version(void)
{
    return GOAP_API_VERSION;
}

const char *goap_last_error(void)
{
    return t_lastError.c_str();
}

const char *goap_status_name(goap_status status)
{
    switch (status) {
    case GOAP_OK:
        return "GOAP_OK";
    case GOAP_ERROR_ARGUMENT:
        return "GOAP_ERROR_ARGUMENT";
    case GOAP_ERROR_INVALID:
        return "GOAP_ERROR_INVALID";
    case GOAP_ERROR_IO:
        return "GOAP_ERROR_IO";
    case GOAP_ERROR_NO_PLAN:
        return "GOAP_ERROR_NO_PLAN";
    case GOAP_ERROR_OUT_OF_MEMORY:
        return "GOAP_ERROR_OUT_OF_MEMORY";
    case GOAP_ERROR_INTERNAL:
        return "GOAP_ERROR_INTERNAL";
    }
    return "GOAP_ERROR_UNKNOWN";
}

goap_status goap_open(const char *path, goap_sim **result)
{
    return guarded([&] {
        goap_sim *&o = out(result, "out");
        o = nullptr;
        const QString file = text(path, "path");
        return openRead(readScenarioFile(file), file, &o);
    });
}

goap_status goap_open_memory(const char *json, size_t size, const char *name, goap_sim **result)
{
    return guarded([&] {
        goap_sim *&o = out(result, "out");
        o = nullptr;
        if (!json && size > 0)
            raise(GOAP_ERROR_ARGUMENT, QStringLiteral("json is NULL"));
        const QString file = name ? QString::fromUtf8(name) : QStringLiteral("<memory>");
        if (size > size_t(kMaxScenarioFileSize))
            raise(GOAP_ERROR_INVALID,
                  QStringLiteral("%1: error: the scenario is %2 bytes; scenario files are at most %3 MiB")
                      .arg(file)
                      .arg(size)
                      .arg(kMaxScenarioFileSize / (1024 * 1024)));
        return openRead(readScenario(QByteArray(json, qsizetype(size))), file, &o);
    });
}

void goap_close(goap_sim *sim)
{
    delete sim;
}

const char *goap_warnings(const goap_sim *sim)
{
    return sim ? sim->warnings.constData() : "";
}

const char *goap_scenario_name(const goap_sim *sim)
{
    return sim ? sim->name.constData() : "";
}

goap_status goap_step(goap_sim *sim, int64_t ticks)
{
    return guarded([&] {
        goap_sim &s = need(sim);
        if (ticks < 0)
            raise(GOAP_ERROR_ARGUMENT, QStringLiteral("ticks must not be negative, got %1").arg(ticks));
        moving(s);
        s.simulation->stepTicks(ticks);
        s.broken = false;
        return GOAP_OK;
    });
}

goap_status goap_run_days(goap_sim *sim, int days)
{
    return guarded([&] {
        goap_sim &s = need(sim);
        if (days < 1)
            raise(GOAP_ERROR_ARGUMENT, QStringLiteral("days must be at least 1, got %1").arg(days));
        moving(s);
        s.simulation->runDays(days);
        s.broken = false;
        return GOAP_OK;
    });
}

int goap_day(const goap_sim *sim)
{
    return sim ? sim->simulation->day() : 0;
}

double goap_time(const goap_sim *sim)
{
    return sim ? sim->simulation->time() : 0;
}

double goap_tick_seconds(const goap_sim *sim)
{
    return sim ? sim->compiled->day.tick : 0;
}

int64_t goap_ticks_per_day(const goap_sim *sim)
{
    return sim ? sim->simulation->ticksPerDay() : 0;
}

int goap_character_count(goap_sim *sim)
{
    int count = 0;
    guarded([&] {
        count = int(present(need(sim)).agents.size());
        return GOAP_OK;
    });
    return count;
}

int goap_character_find(goap_sim *sim, const char *id)
{
    int found = -1;
    guarded([&] {
        goap_sim &s = need(sim);
        const QByteArray wanted = QByteArray(id ? id : "");
        present(s);
        for (size_t i = 0; i < s.characterIds.size(); ++i) {
            if (s.characterIds[i] == wanted) {
                found = int(i);
                break;
            }
        }
        return GOAP_OK;
    });
    return found;
}

const char *goap_character_id(goap_sim *sim, int index)
{
    const char *id = nullptr;
    guarded([&] {
        character(need(sim), index);
        id = sim->characterIds[size_t(index)].constData();
        return GOAP_OK;
    });
    return id;
}

const char *goap_character_label(goap_sim *sim, int index)
{
    const char *label = nullptr;
    guarded([&] {
        character(need(sim), index);
        label = sim->characterLabels[size_t(index)].constData();
        return GOAP_OK;
    });
    return label;
}

goap_status goap_character_phase(goap_sim *sim, int index, goap_phase *result)
{
    return guarded([&] {
        goap_phase &o = out(result, "out");
        o = toC(character(need(sim), index).phase);
        return GOAP_OK;
    });
}

goap_status goap_character_action(goap_sim *sim, int index, const char **result)
{
    return guarded([&] {
        const char *&o = out(result, "out");
        goap_sim &s = need(sim);
        o = idOr(s.actionIds, character(s, index).action);
        return GOAP_OK;
    });
}

goap_status goap_character_goal(goap_sim *sim, int index, const char **result)
{
    return guarded([&] {
        const char *&o = out(result, "out");
        goap_sim &s = need(sim);
        o = idOr(s.goalIds, character(s, index).currentGoal);
        return GOAP_OK;
    });
}

goap_status goap_character_position(goap_sim *sim, int index, double *x, double *y)
{
    return guarded([&] {
        double &ox = out(x, "x");
        double &oy = out(y, "y");
        const sim::AgentSnapshot &a = character(need(sim), index);
        ox = a.x;
        oy = a.y;
        return GOAP_OK;
    });
}

const char *goap_phase_name(goap_phase phase)
{
    // The engine's names (sim::phaseName), which test_capi compares for every phase.
    static const char *const names[] = {"idle", "walking", "acting", "waiting", "resting", "queued"};
    static_assert(std::size(names) == GOAP_PHASE_COUNT);
    return phase >= 0 && int(phase) < int(std::size(names)) ? names[phase] : "unknown";
}

const char *goap_event_kind_name(goap_event_kind kind)
{
    // The event log's names (sim::eventKindName), which test_capi compares for every kind.
    static const char *const names[]
        = {"dawn",  "switch",  "plan", "start",    "complete",  "recheck",  "waiting", "resting",  "satisfied",
           "quota", "spawned", "left", "enqueued", "partnered", "released", "queued",  "external", "externalFailed"};
    static_assert(std::size(names) == GOAP_EVENT_KIND_COUNT);
    return kind >= 0 && int(kind) < int(std::size(names)) ? names[kind] : "unknown";
}

goap_status goap_character_set_position(goap_sim *sim, int index, double x, double y)
{
    return guarded([&] {
        goap_sim &s = need(sim);
        if (!std::isfinite(x) || !std::isfinite(y))
            raise(GOAP_ERROR_ARGUMENT, QStringLiteral("the position must be finite numbers"));
        const sim::AgentSnapshot &a = character(s, index);
        if (!started(s).setPosition(presentCharacter(s, a.id), x, y)) // a.index is its serial
            raise(GOAP_ERROR_ARGUMENT,
                  QStringLiteral("%1 is %2: an action, a line or its holder decides where it stands")
                      .arg(a.id, a.heldBy >= 0 ? QStringLiteral("held as a partner") : sim::phaseName(a.phase)));
        s.snapshotValid = false;
        return GOAP_OK;
    });
}

goap_status goap_action_finish(goap_sim *sim, const char *characterId, int succeeded)
{
    return guarded([&] {
        goap_sim &s = need(sim);
        const QString who = text(characterId, "character");
        const int i = presentCharacter(s, who);
        if (!s.simulation->finishExternal(i, succeeded != 0))
            raise(GOAP_ERROR_ARGUMENT, QStringLiteral("%1 is not performing an external action").arg(who));
        s.snapshotValid = false;
        return GOAP_OK;
    });
}

goap_status goap_fact_get(goap_sim *sim, const char *characterId, const char *name, int32_t *value)
{
    return guarded([&] {
        int32_t &o = out(value, "value");
        goap_sim &s = need(sim);
        const FactRef r = factRef(s, characterId, name);
        o = s.simulation->factValue(r.agent, r.fact);
        return GOAP_OK;
    });
}

goap_status goap_fact_set(goap_sim *sim, const char *characterId, const char *name, int32_t value)
{
    return guarded([&] {
        goap_sim &s = need(sim);
        const FactRef r = factRef(s, characterId, name);
        const CompiledScenario &c = *s.compiled;
        const bool engines = std::find(c.queueFacts.begin(), c.queueFacts.end(), r.fact) != c.queueFacts.end()
            || std::any_of(c.stations.begin(), c.stations.end(),
                           [&](const CompiledStation &st) { return st.freeFact == r.fact; });
        if (engines)
            raise(GOAP_ERROR_ARGUMENT,
                  QStringLiteral("\"%1\" is kept by the engine (a station's free places or a queue's length)")
                      .arg(QString::fromUtf8(name)));
        if (value < 0)
            raise(GOAP_ERROR_ARGUMENT,
                  QStringLiteral("facts are never negative; %1 cannot be %2").arg(QString::fromUtf8(name)).arg(value));
        s.simulation->setFact(r.agent, r.fact, value);
        s.snapshotValid = false;
        return GOAP_OK;
    });
}

int goap_next_event(goap_sim *sim, goap_event *result)
{
    int got = 0;
    guarded([&] {
        goap_sim &s = need(sim);
        goap_event &o = out(result, "out");
        if (s.nextEvent >= s.taken.events.size()) {
            s.simulation->takeEvents(s.taken); // keeps the names of characters seen before
            s.nextEvent = 0;
        }
        if (s.nextEvent >= s.taken.events.size())
            return GOAP_OK;
        const sim::Event &e = s.taken.events[s.nextEvent++];
        s.eventCharacter = e.agent >= 0 ? s.taken.agentId(e.agent).toUtf8() : QByteArray("");
        s.eventText = sim::eventText(*s.compiled, s.taken, e).toUtf8();
        o.day = e.day;
        o.time = e.t;
        o.kind = toC(e.kind);
        o.character = s.eventCharacter.constData();
        o.goal = idOr(s.goalIds, e.goal);
        o.action = idOr(s.actionIds, e.action);
        o.text = s.eventText.constData();
        got = 1;
        return GOAP_OK;
    });
    return got;
}

goap_status goap_set_events(goap_sim *sim, int on)
{
    return guarded([&] {
        goap_sim &s = need(sim);
        if (s.stepped)
            raise(GOAP_ERROR_ARGUMENT, QStringLiteral("goap_set_events works only before the first step"));
        s.options.recordEvents = on != 0;
        s.simulation = std::make_unique<sim::Simulation>(s.compiled, s.options);
        return GOAP_OK;
    });
}

goap_status goap_report_json(goap_sim *sim, char **result, size_t *size)
{
    return guarded([&] {
        char *&o = out(result, "out");
        o = nullptr;
        goap_sim &s = need(sim);
        const QByteArray json = sim::reportJson(*s.compiled, QString::fromUtf8(s.name), s.simulation->reports());
        char *copy = static_cast<char *>(std::malloc(size_t(json.size()) + 1));
        if (!copy)
            throw std::bad_alloc();
        std::memcpy(copy, json.constData(), size_t(json.size()) + 1);
        o = copy;
        if (size)
            *size = size_t(json.size());
        return GOAP_OK;
    });
}

goap_status goap_quota_met(goap_sim *sim, int day, const char *characterId, const char *goalId, int *met,
                           double *fraction)
{
    return guarded([&] {
        goap_sim &s = need(sim);
        int &m = out(met, "met");
        double &f = out(fraction, "fraction");
        const QString who = text(characterId, "character");
        const int goal = s.compiled->goalIndex(text(goalId, "goal"));
        if (goal < 0)
            raise(GOAP_ERROR_ARGUMENT, QStringLiteral("no goal \"%1\"").arg(QString::fromUtf8(goalId)));
        const std::vector<sim::DayReport> &reports = s.simulation->reports();
        const sim::DayReport *report = nullptr;
        for (const sim::DayReport &r : reports)
            if (r.day == day)
                report = &r;
        if (!report)
            raise(GOAP_ERROR_ARGUMENT,
                  QStringLiteral("no report for day %1 (%2 day(s) begun)").arg(day).arg(reports.size()));
        for (const sim::AgentReport &a : report->agents) {
            if (a.id != who)
                continue;
            for (const sim::GoalReport &g : a.goals) {
                if (g.goal == goal) {
                    m = g.metAt.has_value() ? 1 : 0;
                    f = g.metAt.value_or(0.0);
                    return GOAP_OK;
                }
            }
            raise(GOAP_ERROR_ARGUMENT,
                  QStringLiteral("%1 does not hold the goal \"%2\"").arg(who, QString::fromUtf8(goalId)));
        }
        raise(GOAP_ERROR_ARGUMENT, QStringLiteral("no character \"%1\" on day %2").arg(who).arg(day));
    });
}

void goap_string_free(char *string)
{
    std::free(string);
}

namespace {

// A goal by its id in the file, or GOAP_ERROR_ARGUMENT listing the goals.
int goalNamed(const goap_sim &s, const QString &what)
{
    const CompiledScenario &c = *s.compiled;
    const int goal = c.goalIndex(what);
    if (goal < 0)
        raise(GOAP_ERROR_ARGUMENT,
              QStringLiteral("no goal \"%1\" in %2 (goals: %3)")
                  .arg(what, s.fileName, QStringList(c.goalIds.begin(), c.goalIds.end()).join(u", ")));
    return goal;
}

// The plan handed to the host, or GOAP_ERROR_NO_PLAN saying where the search
// began ("from the dawn state", "from now") and whether it hit the node cap.
goap_plan *foundPlan(const goap_sim &s, const Plan &plan, const QString &who, const QString &what, const char *from)
{
    if (!plan.found)
        raise(GOAP_ERROR_NO_PLAN,
              QStringLiteral("%1 -> %2: no plan %3 (%4 nodes expanded, %5 generated%6)")
                  .arg(who, what, QLatin1String(from))
                  .arg(plan.expanded)
                  .arg(plan.generated)
                  .arg(plan.expanded >= s.compiled->planner.maxNodes ? QStringLiteral("; the node cap was reached")
                                                                     : QString()));
    auto p = std::make_unique<goap_plan>();
    for (int a : plan.actions)
        p->actions.push_back(s.actionIds[size_t(a)]);
    p->cost = plan.cost;
    p->extreme = plan.extreme;
    p->optimal = plan.optimal;
    p->startValue = plan.startValue;
    p->value = plan.value;
    return p.release();
}

} // namespace

goap_status goap_plan_find(goap_sim *sim, const char *characterId, const char *goalId, goap_plan **result)
{
    return guarded([&] {
        goap_plan *&o = out(result, "out");
        o = nullptr;
        goap_sim &s = need(sim);
        const CompiledScenario &c = *s.compiled;
        const QString who = text(characterId, "character"), what = text(goalId, "goal");
        const int agent = c.agentIndex(who);
        if (agent < 0)
            raise(GOAP_ERROR_ARGUMENT,
                  QStringLiteral("no character \"%1\" in %2 (characters: %3)")
                      .arg(who, s.fileName, QStringList(c.agentIds.begin(), c.agentIds.end()).join(u", ")));
        const int goal = goalNamed(s, what);
        Planner planner(c);
        Plan plan;
        const Space space(c);
        const CompiledAgent &ca = c.agents[size_t(agent)];
        const Travel travel = travelFrom(space, c.planner.travelCost, ca.speed, ca.x, ca.y);
        planner.planForAgent(c.dawnState(agent), agent, goal, plan, &travel);
        o = foundPlan(s, plan, who, what, "from the dawn state");
        return GOAP_OK;
    });
}

goap_status goap_plan_find_now(goap_sim *sim, const char *characterId, const char *goalId, goap_plan **result)
{
    return guarded([&] {
        goap_plan *&o = out(result, "out");
        o = nullptr;
        goap_sim &s = need(sim);
        const QString who = text(characterId, "character"), what = text(goalId, "goal");
        const int goal = goalNamed(s, what);
        const int agent = presentCharacter(s, who);
        Plan plan;
        s.simulation->planNow(agent, goal, plan);
        o = foundPlan(s, plan, who, what, "from now");
        return GOAP_OK;
    });
}

int goap_plan_length(const goap_plan *plan)
{
    return plan ? int(plan->actions.size()) : 0;
}

const char *goap_plan_action(const goap_plan *plan, int index)
{
    return plan && index >= 0 && size_t(index) < plan->actions.size() ? plan->actions[size_t(index)].constData()
                                                                      : nullptr;
}

double goap_plan_cost(const goap_plan *plan)
{
    return plan ? plan->cost : 0;
}

int goap_plan_extreme(const goap_plan *plan, int32_t *start, int32_t *reached, int *optimal)
{
    if (!plan || !plan->extreme)
        return 0;
    if (start)
        *start = plan->startValue;
    if (reached)
        *reached = plan->value;
    if (optimal)
        *optimal = plan->optimal ? 1 : 0;
    return 1;
}

void goap_plan_free(goap_plan *plan)
{
    delete plan;
}

goap_status goap_sim_set_threads(goap_sim *sim, int threads)
{
    return guarded([&] {
        goap_sim &s = need(sim);
        if (threads < 0 || threads > sim::kMaxThreads)
            raise(GOAP_ERROR_ARGUMENT,
                  QStringLiteral("goap_sim_set_threads takes 0 (every core) to %1, got %2")
                      .arg(sim::kMaxThreads)
                      .arg(threads));
        s.options.threads = threads; // kept for a simulation made anew (goap_set_events)
        s.simulation->setThreads(threads);
        return GOAP_OK;
    });
}

} // extern "C"
