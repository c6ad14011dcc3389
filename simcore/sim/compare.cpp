#include "sim/compare.h"

#include "io/json.h"

namespace goap::sim {

std::optional<ReportMeasures> reportMeasures(const QByteArray &bytes)
{
    json::Value root;
    json::ParseError parseError;
    if (!json::parse(bytes, root, parseError) || root.type != json::Type::Object || !root.find(u"days")
        || root.find(u"days")->type != json::Type::Array)
        return std::nullopt;
    ReportMeasures out;
    auto num = [](const json::Value *v) { return v && v->type == json::Type::Number ? v->number : 0.0; };
    for (const json::Value &day : root.find(u"days")->array) {
        const json::Value *agents = day.find(u"agents");
        if (!agents || agents->type != json::Type::Array)
            continue;
        for (const json::Value &a : agents->array) {
            const json::Value *id = a.find(u"id");
            if (!id || id->type != json::Type::String)
                continue;
            if (!out.of.contains(id->string))
                out.order << id->string;
            CharacterMeasures &m = out.of[id->string];
            if (const json::Value *goals = a.find(u"goals"); goals && goals->type == json::Type::Array)
                for (const json::Value &g : goals->array) {
                    const json::Value *gid = g.find(u"id"), *kind = g.find(u"kind");
                    if (!gid || gid->type != json::Type::String || !kind || kind->type != json::Type::String)
                        continue;
                    if (!m.kind.contains(gid->string))
                        m.goals << gid->string;
                    m.kind[gid->string] = kind->string;
                    if (const json::Value *met = g.find(u"metAt"); met && met->type == json::Type::Number) {
                        m.metSum[gid->string] += met->number;
                        ++m.metDays[gid->string];
                    }
                    m.satisfied[gid->string] += int(num(g.find(u"satisfied")));
                }
            if (const json::Value *phases = a.find(u"phaseSeconds"); phases && phases->type == json::Type::Object)
                for (const json::Member &p : phases->object) {
                    m.total += num(&p.second);
                    if (p.first == u"waiting")
                        m.waiting += num(&p.second);
                }
            m.rechecks += int(num(a.find(u"recheckFailures")));
        }
    }
    return out;
}

std::vector<CompareRow> compareReports(const ReportMeasures &a, const ReportMeasures &b)
{
    QStringList ids = a.order;
    for (const QString &id : b.order)
        if (!ids.contains(id))
            ids << id;
    std::vector<CompareRow> rows;
    auto fmt = [](std::optional<double> v, bool percent) {
        if (!v)
            return QStringLiteral("—");
        return percent ? QStringLiteral("%1%").arg(*v * 100, 0, 'f', 1) : QString::number(*v, 'g', 4);
    };
    auto add = [&](const QString &who, const QString &what, std::optional<double> x, std::optional<double> y,
                   bool percent = false) {
        QString delta = QStringLiteral("—");
        if (x && y) {
            const double d = *y - *x;
            delta = (d > 0 ? QStringLiteral("+") : QString())
                + (percent ? QStringLiteral("%1%").arg(d * 100, 0, 'f', 1) : QString::number(d, 'g', 4));
        }
        rows.push_back({who, what, fmt(x, percent), fmt(y, percent), delta});
    };
    for (const QString &id : ids) {
        const auto xi = a.of.constFind(id), yi = b.of.constFind(id);
        const CharacterMeasures *x = xi != a.of.cend() ? &xi.value() : nullptr;
        const CharacterMeasures *y = yi != b.of.cend() ? &yi.value() : nullptr;
        QStringList goals = x ? x->goals : QStringList();
        if (y)
            for (const QString &g : y->goals)
                if (!goals.contains(g))
                    goals << g;
        for (const QString &g : goals) {
            const bool quota = (x ? x->kind.value(g) : y->kind.value(g)) == u"quota";
            auto metAt = [&](const CharacterMeasures *m) -> std::optional<double> {
                if (!m || !m->kind.contains(g) || m->metDays.value(g) == 0)
                    return std::nullopt;
                return m->metSum.value(g) / m->metDays.value(g);
            };
            auto meals = [&](const CharacterMeasures *m) -> std::optional<double> {
                return m && m->kind.contains(g) ? std::optional<double>(m->satisfied.value(g)) : std::nullopt;
            };
            if (quota)
                add(id, g + QStringLiteral(" met at (day fraction)"), metAt(x), metAt(y));
            else
                add(id, g + QStringLiteral(" satisfied"), meals(x), meals(y));
        }
        auto waiting = [](const CharacterMeasures *m) -> std::optional<double> {
            return m && m->total > 0 ? std::optional<double>(m->waiting / m->total) : std::nullopt;
        };
        add(id, QStringLiteral("waiting"), waiting(x), waiting(y), true);
        add(id, QStringLiteral("re-check failures"), x ? std::optional<double>(x->rechecks) : std::nullopt,
            y ? std::optional<double>(y->rechecks) : std::nullopt);
    }
    return rows;
}

} // namespace goap::sim
