#pragma once
// The main window. For now: opens a scenario and shows its outline (facts,
// stations, actions, goals, characters) and its validation issues.

#include "io/issue.h"
#include "model/scenario.h"

#include <QMainWindow>

class QTreeWidget;
class QListWidget;
class QMenu;

namespace goap::editor {

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);

    // Opens a scenario; on failure the current one stays and the errors are
    // shown. Returns whether it opened.
    bool openFile(const QString &fileName);
    bool saveScreenshot(const QString &fileName);

    const Scenario &scenario() const { return m_scenario; }
    QString fileName() const { return m_fileName; }
    QTreeWidget *outline() const { return m_outline; }
    QListWidget *issueList() const { return m_issues; }

private:
    void open();
    void rebuildOutline();
    void showIssues(const Issues &issues, const QString &fileName);
    void updateRecentMenu();

    Scenario m_scenario;
    QString m_fileName;
    QTreeWidget *m_outline;
    QListWidget *m_issues;
    QMenu *m_recentMenu;
};

} // namespace goap::editor
