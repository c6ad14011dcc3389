#pragma once
// Writers for a run's records in the formats of SPEC §10: the day report
// (JSON), the event log (JSON Lines) and the samples (CSV).

#include "sim/events.h"

#include <QByteArray>
#include <QString>

namespace goap::sim {

QByteArray reportJson(const CompiledScenario &scenario, const QString &name, const std::vector<DayReport> &days);
QByteArray eventsJsonl(const CompiledScenario &scenario, const EventLog &log);
QByteArray eventLine(const CompiledScenario &scenario, const EventLog &log, const Event &event); // no newline
QByteArray samplesCsv(const CompiledScenario &scenario, const Samples &samples);

// The same records written piece by piece, for runs that stream them:
// reportJson() is reportHead() + the reportDay()s joined by ",\n" +
// reportTail(); samplesCsv() is samplesCsvHeader() + samplesCsvRows();
// eventsJsonl() is an eventLine() and a newline per event.
QByteArray reportHead(const CompiledScenario &scenario, const QString &name);
QByteArray reportDay(const CompiledScenario &scenario, const DayReport &day);
QByteArray reportTail();
QByteArray samplesCsvHeader();
QByteArray samplesCsvRows(const CompiledScenario &scenario, const Samples &samples);

// Seconds spent in a phase, from ticks.
double phaseSeconds(const CompiledScenario &scenario, const AgentReport &report, Phase phase);

} // namespace goap::sim
