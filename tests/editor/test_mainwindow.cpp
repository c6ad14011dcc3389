// The main window opens scenarios, lists their contents, and keeps the open
// document when a file is bad.
#include "mainwindow.h"
#include "docks/issuespanel.h"

#include <QDir>
#include <QListWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

using goap::editor::MainWindow;

namespace {
const QString kSource = QStringLiteral(GOAP_SOURCE_DIR);

QTreeWidgetItem *section(QTreeWidget *tree, const QString &prefix)
{
    for (int i = 0; i < tree->topLevelItemCount(); ++i)
        if (tree->topLevelItem(i)->text(0).startsWith(prefix))
            return tree->topLevelItem(i);
    return nullptr;
}
} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
    }

    void opensAndListsContents()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + "/scenarios/cook.json"));
        QCOMPARE(w.scenario().name, QStringLiteral("Cook"));
        QVERIFY(w.windowTitle().contains(u"cook.json"));
        QTreeWidget *tree = w.outline();
        QCOMPARE(tree->topLevelItemCount(), 5);
        QCOMPARE(section(tree, "Facts")->childCount(), 4); // wood, meal, fed, fireLit
        QCOMPARE(section(tree, "Stations")->childCount(), 3);
        QCOMPARE(section(tree, "Actions")->childCount(), 4);
        QCOMPARE(section(tree, "Goals")->childCount(), 1);
        QCOMPARE(section(tree, "Characters")->childCount(), 1);
        QVERIFY(section(tree, "Facts")->child(3)->text(0).contains(u"world.fireLit"));
        QCOMPARE(w.issuesPanel()->count(), 0);
    }

    void badFileLeavesTheDocumentIntact_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString &f : QDir(kSource + "/tests/data/bad").entryList({"*.json"}))
            QTest::newRow(qPrintable(f)) << kSource + "/tests/data/bad/" + f;
    }

    void badFileLeavesTheDocumentIntact()
    {
        QFETCH(QString, file);
        MainWindow w;
        QVERIFY(w.openFile(kSource + "/scenarios/smithy.json"));
        const goap::Scenario before = w.scenario();
        const QString title = w.windowTitle();
        QVERIFY(!w.openFile(file));
        QCOMPARE(w.scenario(), before);
        QCOMPARE(w.windowTitle(), title);
        QVERIFY(w.issuesPanel()->count() >= 1);
        QVERIFY(w.issuesPanel()->item(0)->text().contains(u": error: "));
    }

    void screenshotWritesAPng()
    {
        QTemporaryDir dir;
        MainWindow w;
        QVERIFY(w.openFile(kSource + "/scenarios/smithy.json"));
        const QString png = dir.filePath("shot.png");
        QVERIFY(w.saveScreenshot(png));
        QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 800);
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_mainwindow.moc"
