#include "issuespanel.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QStyle>

namespace goap::editor {

IssuesPanel::IssuesPanel(ScenarioDocument *document, QWidget *parent) : QListWidget(parent), m_document(document)
{
    setToolTip(tr("Errors stop the scenario from running; warnings are patterns a designer should look at. Click one to go to it."));
    connect(document, &ScenarioDocument::issuesChanged, this, [this] {
        m_note.clear(); // it was about the edit before this one
        refresh();
    });
    connect(this, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
        emit subjectRequested(subjectForPath(item->data(Qt::UserRole).toString()));
    });
    connect(this, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) {
        emit subjectRequested(subjectForPath(item->data(Qt::UserRole).toString()));
    });
    refresh();
}

Subject IssuesPanel::subjectForPath(const QString &path)
{
    static const QRegularExpression entity(QStringLiteral(R"(^(stations|actions|goals|agents|templates|spawners)\[(\d+)\])"));
    static const QRegularExpression seed(QStringLiteral(R"re(^world\["([^"]+)"\])re"));
    if (const auto m = entity.match(path); m.hasMatch()) {
        const QString list = m.captured(1);
        const Subject::Kind kind = list == u"stations" ? Subject::Station
            : list == u"actions"                       ? Subject::Action
            : list == u"goals"                         ? Subject::Goal
            : list == u"templates"                     ? Subject::Template
            : list == u"spawners"                      ? Subject::Spawner
                                                       : Subject::Agent;
        return Subject{kind, m.captured(2).toInt(), {}};
    }
    if (const auto m = seed.match(path); m.hasMatch())
        return Subject{Subject::Fact, -1, QStringLiteral("world.") + m.captured(1)};
    return Subject{Subject::Settings, -1, {}};
}

void IssuesPanel::setNote(const QString &note)
{
    m_note = note;
    refresh();
}

void IssuesPanel::refresh()
{
    clear();
    if (!m_note.isEmpty()) {
        auto *item = new QListWidgetItem(style()->standardIcon(QStyle::SP_MessageBoxInformation), m_note, this);
        item->setFlags(Qt::ItemIsEnabled);
        item->setToolTip(m_note);
    }
    for (const Issue &issue : m_document->issues()) {
        auto *item = new QListWidgetItem(QIcon(issue.isError() ? QStringLiteral(":/icons/error.svg") : QStringLiteral(":/icons/warning.svg")),
                                         issue.text(), this);
        item->setData(Qt::UserRole, issue.path);
        item->setToolTip(issue.text());
    }
    if (count() == (m_note.isEmpty() ? 0 : 1)) {
        auto *item = new QListWidgetItem(tr("No problems: the scenario can run."), this);
        item->setFlags(Qt::ItemIsEnabled);
    }
}

void IssuesPanel::showFileErrors(const Issues &issues, const QString &fileName)
{
    clear();
    auto *head = new QListWidgetItem(tr("%1 could not be opened; the open document is unchanged:").arg(QFileInfo(fileName).fileName()), this);
    head->setFlags(Qt::ItemIsEnabled);
    QFont f = head->font();
    f.setBold(true);
    head->setFont(f);
    for (const Issue &issue : issues) {
        auto *item = new QListWidgetItem(QIcon(issue.isError() ? QStringLiteral(":/icons/error.svg") : QStringLiteral(":/icons/warning.svg")),
                                         issue.format(QFileInfo(fileName).fileName()), this);
        item->setFlags(Qt::ItemIsEnabled);
    }
}

} // namespace goap::editor
