#include "outlinemodel.h"

#include "scene/mapscene.h"

#include <QFont>
#include <QHash>
#include <QIcon>

namespace goap::editor {

namespace {

// Icons are pictures drawn from SVG: made once each, not per row painted.
const QIcon &icon(const QString &path)
{
    static QHash<QString, QIcon> cache;
    auto it = cache.find(path);
    if (it == cache.end())
        it = cache.insert(path, QIcon(path));
    return *it;
}

QString sectionIcon(Subject::Kind kind)
{
    switch (kind) {
    case Subject::Settings:
        return QStringLiteral(":/icons/goap-studio.svg");
    case Subject::Fact:
        return QStringLiteral(":/icons/fact.svg");
    case Subject::Station:
        return QStringLiteral(":/icons/station.svg");
    case Subject::Action:
        return QStringLiteral(":/icons/action.svg");
    case Subject::Goal:
        return QStringLiteral(":/icons/goal.svg");
    case Subject::Agent:
    case Subject::Template:
        return QStringLiteral(":/icons/character.svg");
    case Subject::Spawner:
        return QStringLiteral(":/icons/st-door.svg");
    default:
        return {};
    }
}

// The text of an entity's row.
QString rowText(const Scenario &s, Subject::Kind kind, int i)
{
    switch (kind) {
    case Subject::Station:
        return QStringLiteral("%1 — %2").arg(s.stations[i].id, s.stations[i].label);
    case Subject::Action:
        return QStringLiteral("%1 — %2").arg(s.actions[i].id, s.actions[i].label);
    case Subject::Goal:
        return QStringLiteral("%1 — %2 (%3)").arg(s.goals[i].id, s.goals[i].label, toString(s.goals[i].kind));
    case Subject::Agent:
        return QStringLiteral("%1 — %2").arg(s.agents[i].id, s.agents[i].label);
    case Subject::Template:
        return QStringLiteral("%1 — %2").arg(s.templates[i].id, s.templates[i].label);
    case Subject::Spawner:
        return OutlineModel::tr("%1 every %2 s").arg(s.spawners[i].templateId).arg(s.spawners[i].every);
    default:
        return {};
    }
}

int listSize(const Scenario &s, Subject::Kind kind)
{
    switch (kind) {
    case Subject::Station:
        return int(s.stations.size());
    case Subject::Action:
        return int(s.actions.size());
    case Subject::Goal:
        return int(s.goals.size());
    case Subject::Agent:
        return int(s.agents.size());
    case Subject::Template:
        return int(s.templates.size());
    case Subject::Spawner:
        return int(s.spawners.size());
    default:
        return 0;
    }
}

} // namespace

OutlineModel::OutlineModel(ScenarioDocument *document, QObject *parent)
    : QAbstractItemModel(parent)
    , m_document(document)
{
    recount();
    connect(document, &ScenarioDocument::aboutToChange, this, &OutlineModel::onAboutToChange);
    connect(document, &ScenarioDocument::changed, this, &OutlineModel::onChanged);
}

QList<Subject::Kind> OutlineModel::wantedSections() const
{
    QList<Subject::Kind> out {Subject::Settings, Subject::Fact, Subject::Station,
                              Subject::Action,   Subject::Goal, Subject::Agent};
    const Scenario &s = m_document->scenario();
    if (!s.templates.isEmpty() || !s.spawners.isEmpty())
        out << Subject::Template << Subject::Spawner;
    return out;
}

int OutlineModel::rowsOf(Subject::Kind kind) const
{
    return kind == Subject::Fact ? int(m_facts.size()) : listSize(m_document->scenario(), kind);
}

Subject::Kind OutlineModel::kindOf(Part part)
{
    switch (part) {
    case Part::Stations:
        return Subject::Station;
    case Part::Actions:
        return Subject::Action;
    case Part::Goals:
        return Subject::Goal;
    case Part::Characters:
        return Subject::Agent;
    case Part::Templates:
        return Subject::Template;
    case Part::Spawners:
        return Subject::Spawner;
    default:
        return Subject::None;
    }
}

QModelIndex OutlineModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column != 0 || row < 0)
        return {};
    if (!parent.isValid())
        return row < m_sections.size() ? createIndex(row, 0, quintptr(0)) : QModelIndex();
    if (parent.internalId() != 0 || row >= m_rows.value(parent.row()))
        return {};
    return createIndex(row, 0, quintptr(m_sections[parent.row()])); // a child knows its section by kind
}

QModelIndex OutlineModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return sectionIndex(Subject::Kind(child.internalId()));
}

int OutlineModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_sections.size());
    return parent.internalId() == 0 ? m_rows.value(parent.row()) : 0;
}

int OutlineModel::columnCount(const QModelIndex &) const
{
    return 1;
}

QModelIndex OutlineModel::sectionIndex(Subject::Kind kind) const
{
    const int row = int(m_sections.indexOf(kind));
    return row < 0 ? QModelIndex() : createIndex(row, 0, quintptr(0));
}

Subject OutlineModel::subjectAt(const QModelIndex &index) const
{
    if (!index.isValid())
        return {};
    if (index.internalId() == 0)
        return Subject {m_sections.value(index.row()), -1, {}};
    const auto kind = Subject::Kind(index.internalId());
    if (kind == Subject::Fact)
        return Subject {Subject::Fact, -1, m_facts.value(index.row())};
    return Subject {kind, index.row(), {}};
}

QModelIndex OutlineModel::indexOf(const Subject &subject) const
{
    const QModelIndex section = sectionIndex(subject.kind);
    if (!section.isValid())
        return {};
    if (subject.kind == Subject::Fact && !subject.fact.isEmpty()) {
        const int row = int(m_facts.indexOf(subject.fact));
        return row < 0 ? QModelIndex() : index(row, 0, section);
    }
    if (subject.index < 0)
        return section;
    return index(subject.index, 0, section);
}

QVariant OutlineModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const Scenario &s = m_document->scenario();
    const Subject subject = subjectAt(index);
    if (role == SubjectRole)
        return QVariant::fromValue(subject);
    if (index.internalId() == 0) { // a section
        switch (role) {
        case Qt::DisplayRole:
            switch (subject.kind) {
            case Subject::Settings:
                return tr("Scenario: %1").arg(s.name);
            case Subject::Fact:
                return tr("Facts (%1)").arg(m_facts.size());
            case Subject::Station:
                return tr("Stations (%1)").arg(m_rows.value(index.row()));
            case Subject::Action:
                return tr("Actions (%1)").arg(m_rows.value(index.row()));
            case Subject::Goal:
                return tr("Goals (%1)").arg(m_rows.value(index.row()));
            case Subject::Agent:
                return tr("Characters (%1)").arg(m_rows.value(index.row()));
            case Subject::Template:
                return tr("Templates (%1)").arg(m_rows.value(index.row()));
            case Subject::Spawner:
                return tr("Spawners (%1)").arg(m_rows.value(index.row()));
            default:
                return {};
            }
        case Qt::DecorationRole:
            return icon(sectionIcon(subject.kind));
        case Qt::FontRole: {
            QFont f;
            f.setBold(true);
            return f;
        }
        case Qt::ToolTipRole:
            return subject.kind == Subject::Settings ? tr("Name, description, day, planner and map settings")
                                                     : QVariant();
        default:
            return {};
        }
    }
    if (subject.kind == Subject::Fact) {
        const bool world = subject.fact.startsWith(u"world.");
        switch (role) {
        case Qt::DisplayRole:
            return subject.fact;
        case Qt::DecorationRole:
            return icon(world ? QStringLiteral(":/icons/world.svg") : QStringLiteral(":/icons/agent.svg"));
        case Qt::ToolTipRole:
            return world ? tr("🌐 a world fact, shared by every character")
                         : tr("🎒 an agent fact: each character has its own");
        default:
            return {};
        }
    }
    if (subject.index >= listSize(s, subject.kind))
        return {}; // between a removal and its signal
    switch (role) {
    case Qt::DisplayRole:
        return rowText(s, subject.kind, subject.index);
    case Qt::DecorationRole:
        if (subject.kind == Subject::Station)
            return icon(MapScene::stationIcon(s.stations[subject.index].id, s.stations[subject.index].label));
        return icon(sectionIcon(subject.kind));
    default:
        return {};
    }
}

void OutlineModel::recount()
{
    m_sections = wantedSections();
    m_facts = factsInUse(m_document->scenario());
    m_rows.clear();
    for (Subject::Kind kind : m_sections)
        m_rows << rowsOf(kind);
}

bool OutlineModel::resets(const Change &change) const
{
    if (change.kind == Change::Replaced)
        return bool(change.resized & ~(Part::Settings | Part::World)) || change.resized == Part::All;
    if (change.part() != Part::Templates && change.part() != Part::Spawners)
        return false;
    // Templates and Spawners are shown while either has an item.
    const Scenario &s = m_document->scenario();
    const qsizetype both = s.templates.size() + s.spawners.size();
    if (change.kind == Change::Inserted)
        return both == 0;
    return change.kind == Change::Removed && both == change.indices.size();
}

void OutlineModel::onAboutToChange(const Change &change)
{
    if (resets(change)) {
        m_resetting = true;
        beginResetModel();
        return;
    }
    const QModelIndex section = sectionIndex(kindOf(change.part()));
    if (!section.isValid() || change.indices.isEmpty())
        return;
    // Insertions are one run, removals one run a signal (ScenarioDocument).
    if (change.kind == Change::Inserted)
        beginInsertRows(section, change.indices.first(), change.indices.last());
    else if (change.kind == Change::Removed)
        beginRemoveRows(section, change.indices.first(), change.indices.last());
}

void OutlineModel::onChanged(const Change &change)
{
    if (m_resetting) {
        recount();
        ++m_resets;
        m_resetting = false;
        endResetModel();
        return;
    }
    const QModelIndex section = sectionIndex(kindOf(change.part()));
    const int sectionRow = section.row();
    if (change.isItemChange() && section.isValid() && !change.indices.isEmpty()) {
        switch (change.kind) {
        case Change::Edited:
            for (int i : change.indices)
                if (const QModelIndex row = index(i, 0, section); row.isValid())
                    emit dataChanged(row, row, {Qt::DisplayRole, Qt::DecorationRole});
            break;
        case Change::Inserted:
            m_rows[sectionRow] += int(change.indices.size());
            endInsertRows();
            emit dataChanged(section, section, {Qt::DisplayRole});
            break;
        case Change::Removed:
            m_rows[sectionRow] -= int(change.indices.size());
            endRemoveRows();
            emit dataChanged(section, section, {Qt::DisplayRole});
            break;
        default:
            break;
        }
    } else if (change.kind == Change::Replaced) {
        // A rename and its fix-ups, settings: every list keeps its length, its rows are repainted.
        for (int r = 0; r < m_sections.size(); ++r) {
            const QModelIndex top = index(r, 0);
            emit dataChanged(top, top);
            if (m_rows[r] > 0 && m_sections[r] != Subject::Fact)
                emit dataChanged(index(0, 0, top), index(m_rows[r] - 1, 0, top));
        }
    }
    mergeFacts();
}

void OutlineModel::mergeFacts()
{
    const QStringList now = factsInUse(m_document->scenario()); // sorted, as m_facts
    if (now == m_facts)
        return;
    const QModelIndex section = sectionIndex(Subject::Fact);
    const int sectionRow = section.row();
    qsizetype r = 0, j = 0;
    while (r < m_facts.size() || j < now.size()) {
        if (j < now.size() && (r >= m_facts.size() || now[j] < m_facts[r])) {
            beginInsertRows(section, int(r), int(r));
            m_facts.insert(r, now[j]);
            m_rows[sectionRow] = int(m_facts.size());
            endInsertRows();
            ++r, ++j;
        } else if (r < m_facts.size() && (j >= now.size() || m_facts[r] < now[j])) {
            beginRemoveRows(section, int(r), int(r));
            m_facts.removeAt(r);
            m_rows[sectionRow] = int(m_facts.size());
            endRemoveRows();
        } else {
            ++r, ++j;
        }
    }
    emit dataChanged(section, section, {Qt::DisplayRole});
}

} // namespace goap::editor
