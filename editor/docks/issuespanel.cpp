#include "issuespanel.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QStyle>

#include <algorithm>

namespace goap::editor {

IssuesPanel::IssuesPanel(ScenarioDocument *document, QWidget *parent)
    : QListWidget(parent)
    , m_document(document)
{
    setToolTip(tr("Errors stop the scenario from running; warnings are patterns a designer should look at. Click one "
                  "to go to it."));
    setWordWrap(true); // long lines wrap; the tooltip holds the whole text and the JSON path
    setUniformItemSizes(false);
    setResizeMode(QListView::Adjust);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    connect(document, &ScenarioDocument::issuesChanged, this, [this] {
        m_note.clear(); // it was about the edit before this one
        refresh();
    });
    connect(this, &QListWidget::itemActivated, this,
            [this](QListWidgetItem *item) { emit itemRequested(itemForPath(item->data(Qt::UserRole).toString())); });
    connect(this, &QListWidget::itemClicked, this,
            [this](QListWidgetItem *item) { emit itemRequested(itemForPath(item->data(Qt::UserRole).toString())); });
    refresh();
}

ItemRef IssuesPanel::itemForPath(const QString &path)
{
    static const QRegularExpression entity(
        QStringLiteral(R"(^(stations|actions|goals|agents|templates|spawners)\[(\d+)\])"));
    static const QRegularExpression seed(QStringLiteral(R"re(^world\["([^"]+)"\])re"));
    if (const auto m = entity.match(path); m.hasMatch()) {
        if (const std::optional<EntityKind> kind = kindOfFileKey(m.capturedView(1)))
            return ItemRef {*kind, m.captured(2).toInt()};
    }
    if (const auto m = seed.match(path); m.hasMatch())
        return ItemRef::ofFact(QStringLiteral("world.") + m.captured(1));
    return ItemRef::settings();
}

void IssuesPanel::setNote(const QString &note)
{
    m_note = note;
    refresh();
}

QString IssuesPanel::itemName(const Scenario &s, const QString &path)
{
    const ItemRef item = itemForPath(path);
    if (item.isFact())
        return tr("Fact %1").arg(item.fact);
    if (!item.isEntity())
        return path.isEmpty() ? tr("Scenario") : tr("Settings");
    const int i = item.index();
    if (item.isEntity(EntityKind::Spawner))
        return i < s.spawners.size() ? tr("Spawner of %1").arg(s.spawners[i].templateId) : tr("Spawner");
    const QString kind = [&] {
        switch (item.entity.kind) {
        case EntityKind::Station:
            return tr("Station");
        case EntityKind::Action:
            return tr("Action");
        case EntityKind::Goal:
            return tr("Goal");
        case EntityKind::Template:
            return tr("Template");
        default:
            return tr("Character");
        }
    }();
    if (i >= countOf(s, item.entity.kind))
        return kind;
    const QString label = labelOf(s, item.entity);
    return QStringLiteral("%1 %2").arg(kind, label.isEmpty() ? idOf(s, item.entity) : label);
}

namespace {
// A few validator reasons, said as what to do in the editor.
QString plainly(const QString &message)
{
    if (message == u"a goal needs at least one condition")
        return IssuesPanel::tr(
            "needs a condition: add one in its Conditions table with + (what must hold for the goal to be met)");
    return message;
}
} // namespace

void IssuesPanel::refresh()
{
    clear();
    if (!m_note.isEmpty()) {
        auto *item = new QListWidgetItem(style()->standardIcon(QStyle::SP_MessageBoxInformation), m_note, this);
        item->setFlags(Qt::ItemIsEnabled);
        item->setToolTip(m_note);
    }
    // Errors first, then warnings, each in the UI's words with the JSON path
    // as the detail.
    Issues issues = m_document->issues();
    std::stable_sort(issues.begin(), issues.end(),
                     [](const Issue &a, const Issue &b) { return a.isError() && !b.isError(); });
    const Scenario &s = m_document->scenario();
    for (const Issue &issue : issues) {
        const QString text = QStringLiteral("%1: %2").arg(itemName(s, issue.path), plainly(issue.message));
        auto *item = new QListWidgetItem(
            QIcon(issue.isError() ? QStringLiteral(":/icons/error.svg") : QStringLiteral(":/icons/warning.svg")), text,
            this);
        item->setData(Qt::UserRole, issue.path);
        item->setToolTip(QStringLiteral("%1\n%2 %3")
                             .arg(text, issue.isError() ? tr("Error at") : tr("Warning at"),
                                  issue.path.isEmpty() ? tr("the document") : issue.path));
    }
    if (count() == (m_note.isEmpty() ? 0 : 1)) {
        auto *item = new QListWidgetItem(tr("No problems: the scenario can run."), this);
        item->setFlags(Qt::ItemIsEnabled);
    }
}

void IssuesPanel::showFileErrors(const Issues &issues, const QString &fileName)
{
    clear();
    auto *head = new QListWidgetItem(
        tr("%1 could not be opened; the open document is unchanged:").arg(QFileInfo(fileName).fileName()), this);
    head->setFlags(Qt::ItemIsEnabled);
    QFont f = head->font();
    f.setBold(true);
    head->setFont(f);
    for (const Issue &issue : issues) {
        auto *item = new QListWidgetItem(
            QIcon(issue.isError() ? QStringLiteral(":/icons/error.svg") : QStringLiteral(":/icons/warning.svg")),
            issue.format(QFileInfo(fileName).fileName()), this);
        item->setFlags(Qt::ItemIsEnabled);
    }
}

} // namespace goap::editor
