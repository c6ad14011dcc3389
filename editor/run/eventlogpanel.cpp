#include "eventlogpanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace goap::editor {

namespace {

class EventFilter : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    int character = -1, kind = -1;
    void changed() { invalidateRowsFilter(); }

protected:
    bool filterAcceptsRow(int row, const QModelIndex &) const override
    {
        const QModelIndex i = sourceModel()->index(row, 0);
        const bool characterOk = character == -1
            || (character >= 0
                    ? i.data(EventLogModel::CharacterRole).toInt() == character
                    : EventLogModel::templateFilter(i.data(EventLogModel::TemplateRole).toInt()) == character);
        return characterOk && (kind < 0 || i.data(EventLogModel::KindRole).toInt() == kind);
    }
};

} // namespace

namespace {
// A spawned copy is named "<template id>-<n>": its template, or -1 for the scenario's own.
int templateOf(const CompiledScenario &s, const sim::EventLog &log, int character)
{
    if (character < int(s.agents.size()))
        return -1;
    const QString &id = log.agentId(character);
    for (size_t t = 0; t < s.templateIds.size(); ++t) {
        const QString &prefix = s.templateIds[t];
        if (id.size() <= prefix.size() + 1 || !id.startsWith(prefix) || id[prefix.size()] != QLatin1Char('-'))
            continue;
        bool number = false;
        (void)QStringView(id).mid(prefix.size() + 1).toInt(&number);
        if (number)
            return int(t);
    }
    return -1;
}
} // namespace

EventLogModel::EventLogModel(const SimController *controller, QObject *parent)
    : QAbstractTableModel(parent)
    , m_controller(controller)
{
}

int EventLogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int EventLogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EventLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Day:
        return tr("Day");
    case Time:
        return tr("Time");
    case Character:
        return tr("Character");
    case Kind:
        return tr("Kind");
    case Text:
        return tr("What happened");
    }
    return {};
}

QVariant EventLogModel::data(const QModelIndex &index, int role) const
{
    const sim::EventLog &log = m_controller->events();
    const CompiledScenario *s = m_controller->scenario();
    const size_t row = m_first + size_t(index.row());
    if (!s || row >= log.events.size())
        return {};
    const sim::Event &e = log.events[row];
    if (role == CharacterRole)
        return e.agent;
    if (role == KindRole)
        return int(e.kind);
    if (role == TickRole && m_controller->scenario()) {
        const CompiledScenario &s = *m_controller->scenario();
        return qint64(s.day.tickAt(e.day, e.t));
    }
    if (role == TemplateRole)
        return templateOf(*s, log, e.agent);
    if (role == Qt::ForegroundRole && (e.kind == sim::EventKind::RecheckFailed || e.kind == sim::EventKind::Waiting))
        return QColor(0xb3, 0x26, 0x1e);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Day:
        return e.day + 1;
    case Time:
        return QString::number(e.t, 'f', 1);
    case Character:
        return e.agent >= 0 ? log.agentLabels[size_t(e.agent)] : QString();
    case Kind:
        return sim::eventKindName(e.kind);
    case Text:
        return sim::eventText(*s, log, e);
    }
    return {};
}

void EventLogModel::reset()
{
    beginResetModel();
    const size_t total = m_controller->events().events.size();
    m_first = total > size_t(m_maxRows) ? total - size_t(m_maxRows) : 0;
    m_rows = int(total - m_first);
    endResetModel();
}

void EventLogModel::appended()
{
    const size_t total = m_controller->events().events.size();
    const size_t first = total > size_t(m_maxRows) ? total - size_t(m_maxRows) : 0;
    if (first >= m_first + size_t(m_rows)) { // nothing shown survives
        reset();
        return;
    }
    if (first > m_first) { // the oldest rows make room
        beginRemoveRows({}, 0, int(first - m_first) - 1);
        m_rows -= int(first - m_first);
        m_first = first;
        endRemoveRows();
    }
    const int rows = int(total - m_first);
    if (rows == m_rows)
        return;
    beginInsertRows({}, m_rows, rows - 1);
    m_rows = rows;
    endInsertRows();
}

void EventLogModel::setMaxRows(int rows)
{
    m_maxRows = std::max(1, rows);
    reset();
}

EventLogPanel::EventLogPanel(SimController *controller, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_model(new EventLogModel(controller, this))
{
    auto *proxy = new EventFilter(this);
    m_proxy = proxy;
    m_proxy->setSourceModel(m_model);
    m_view = new QTableView(this);
    m_view->setModel(m_proxy);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(20);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setToolTip(tr("Every event of the run; click one to select its character"));
    m_view->setColumnWidth(EventLogModel::Day, 40);
    m_view->setColumnWidth(EventLogModel::Time, 60);
    m_view->setColumnWidth(EventLogModel::Character, 100);
    m_view->setColumnWidth(EventLogModel::Kind, 70);

    m_characterBox = new QComboBox(this);
    m_characterBox->setToolTip(tr("Show one character's events"));
    m_kindBox = new QComboBox(this);
    m_kindBox->setToolTip(tr("Show one kind of event"));
    m_kindBox->addItem(tr("every kind"), -1);
    for (int k = 0; k <= int(sim::EventKind::QuotaMet); ++k)
        m_kindBox->addItem(sim::eventKindName(sim::EventKind(k)), k);
    m_follow = new QCheckBox(tr("Follow"), this);
    m_follow->setChecked(true);
    m_follow->setToolTip(tr("Keep the newest events in view"));
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Show"), this));
    bar->addWidget(m_characterBox, 1);
    bar->addWidget(m_kindBox, 1);
    bar->addWidget(m_follow);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(bar);
    layout->addWidget(m_view);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_note->setStyleSheet(QStringLiteral("color: #5a5a5a;"));
    m_note->setToolTip(
        tr("The log lists the newest %L1 events at most; the charts, the day clock and the counts cover every event")
            .arg(EventLogModel::kMaxRows));
    m_note->hide();
    layout->addWidget(m_note);

    connect(m_characterBox, &QComboBox::activated, this,
            [this] { setCharacterFilter(m_characterBox->currentData().toInt()); });
    connect(m_kindBox, &QComboBox::activated, this, [this] { setKindFilter(m_kindBox->currentData().toInt()); });
    connect(m_view, &QTableView::clicked, this, [this](const QModelIndex &index) {
        const int character = index.data(EventLogModel::CharacterRole).toInt();
        if (character >= 0)
            emit characterActivated(character);
        if (const QVariant tick = index.data(EventLogModel::TickRole); tick.isValid())
            emit momentActivated(tick.toLongLong());
    });
    connect(controller, &SimController::runStarted, this, &EventLogPanel::runStarted);
    connect(controller, &SimController::runStopped, this, &EventLogPanel::runStarted);
    connect(controller, &SimController::frameApplied, this, [this](const SimFrame &, const RecordsDelta &records) {
        if (records.trimmed) // the oldest days went: the rows shown are others
            m_model->reset();
        else
            m_model->appended();
        updateNote();
        if (m_follow->isChecked())
            m_view->scrollToBottom();
    });
    runStarted();
}

QString EventLogPanel::noteText() const
{
    return m_note->isHidden() ? QString() : m_note->text();
}

void EventLogPanel::updateNote()
{
    QStringList parts;
    if (const std::uint64_t older = m_model->firstEvent() + m_controller->eventsTrimmed())
        parts << tr("Listing the newest %L1 events of the last %2 days; %L3 older ones are no longer listed.")
                     .arg(m_model->maxRows())
                     .arg(SimController::kKeptDays)
                     .arg(older);
    if (const std::uint64_t skipped = m_controller->eventsDropped())
        parts
            << tr("%L1 events went by while the simulation ran ahead of the display and were not listed.").arg(skipped);
    m_note->setText(parts.join(QLatin1Char(' ')));
    m_note->setVisible(!parts.isEmpty());
}

void EventLogPanel::runStarted()
{
    m_model->reset();
    updateNote();
    const int character = static_cast<EventFilter *>(m_proxy)->character;
    m_characterBox->clear();
    m_characterBox->addItem(tr("everyone"), -1);
    if (const CompiledScenario *s = m_controller->scenario()) {
        for (size_t i = 0; i < s->agentLabels.size(); ++i)
            m_characterBox->addItem(s->agentLabels[i], int(i));
        for (size_t t = 0; t < s->templateIds.size(); ++t) // spawned copies, grouped by template
            m_characterBox->addItem(tr("%1 (every spawned copy)").arg(s->templateLabels[t]),
                                    EventLogModel::templateFilter(int(t)));
    }
    m_characterBox->setCurrentIndex(std::max(0, m_characterBox->findData(character)));
}

void EventLogPanel::setCharacterFilter(int character)
{
    static_cast<EventFilter *>(m_proxy)->character = character;
    static_cast<EventFilter *>(m_proxy)->changed();
    m_characterBox->setCurrentIndex(std::max(0, m_characterBox->findData(character)));
}

void EventLogPanel::setKindFilter(int kind)
{
    static_cast<EventFilter *>(m_proxy)->kind = kind;
    static_cast<EventFilter *>(m_proxy)->changed();
    m_kindBox->setCurrentIndex(std::max(0, m_kindBox->findData(kind)));
}

int EventLogPanel::visibleRows() const
{
    return m_proxy->rowCount();
}

} // namespace goap::editor
