// The window as a whole: menus in order, every dock in View with its
// shortcut, Help pages, Add Fact, the outline's context menu and keys, a
// tooltip on every field, and the screenshot.
#include "docks/outline.h"
#include "editordriver.h"
#include "forms/actionform.h"
#include "forms/characterform.h"
#include "forms/factform.h"
#include "forms/goalform.h"
#include "forms/scenarioform.h"
#include "forms/spawnerform.h"
#include "forms/stationform.h"
#include "mainwindow.h"
#include "model/queries.h"
#include "run/liverun.h"
#include "testutil.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDialog>
#include <QDockWidget>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTimer>
#include <QtTest>

#include <memory>

using namespace goap;
using namespace goap::editor;

using goap::testing::kSource;
using goap::testing::menuAction;

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // goap-studio --raise DOCK names every dock it knows, each of which exists.
    void everyDockHasAName()
    {
        MainWindow w;
        const QStringList names = w.dockNames();
        QCOMPARE(names.size(), w.findChildren<QDockWidget *>().size());
        for (const QString &name : names)
            QVERIFY2(w.dock(name), qPrintable(name));
        QVERIFY(names.contains(QStringLiteral("breakpoints")) && names.contains(QStringLiteral("prefabs")));
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

    void everyFieldHasATooltip()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + "/scenarios/town.json"));
        for (QWidget *form : {static_cast<QWidget *>(w.scenarioForm()), static_cast<QWidget *>(w.factForm()),
                              static_cast<QWidget *>(w.stationForm()), static_cast<QWidget *>(w.actionForm()),
                              static_cast<QWidget *>(w.goalForm()), static_cast<QWidget *>(w.characterForm()),
                              static_cast<QWidget *>(w.templateForm()), static_cast<QWidget *>(w.spawnerForm())}) {
            for (QWidget *field : form->findChildren<QWidget *>()) {
                const bool input = qobject_cast<QLineEdit *>(field) || qobject_cast<QAbstractSpinBox *>(field)
                    || qobject_cast<QComboBox *>(field) || qobject_cast<QPlainTextEdit *>(field)
                    || qobject_cast<QCheckBox *>(field);
                if (!input || field->parentWidget() == nullptr
                    || qobject_cast<QAbstractSpinBox *>(field->parentWidget()))
                    continue;
                if (qobject_cast<QComboBox *>(field->parentWidget()))
                    continue;
                QVERIFY2(!field->toolTip().isEmpty(),
                         qPrintable(form->metaObject()->className() + QStringLiteral(" field without a tooltip")));
            }
        }
    }

    // Issue #17, also: menus in order, Help pages, Add Fact, and the outline's
    // context menu with Ctrl+D and F2.
    void menusHelpAddFactAndOutlineMenus()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        QStringList titles;
        for (QAction *a : w.menuBar()->actions())
            titles << a->text().remove(u'&');
        QCOMPARE(titles, (QStringList {"File", "Edit", "View", "Run", "Window", "Help"}));
        // Issue #11, 4: every dock is in View, each with its shortcut; the Run menu holds the transport.
        QMenu *view = w.menuBar()->actions()[2]->menu();
        QStringList docks;
        for (QDockWidget *dock : w.findChildren<QDockWidget *>()) {
            QVERIFY2(view->actions().contains(dock->toggleViewAction()), qPrintable(dock->windowTitle()));
            QVERIFY(!dock->toggleViewAction()->shortcut().isEmpty());
            docks << dock->windowTitle();
        }
        docks.sort();
        QCOMPARE(docks,
                 (QStringList {"Breakpoints", "Charts", "Event Log", "History", "Inspector", "Issues", "Outline",
                               "Prefabs", "Production Chain", "Properties", "Search Tree"}));
        // Issue #29: the eleventh dock, Prefabs, has Alt+Shift+1.
        QCOMPARE(w.dock(QStringLiteral("prefabs"))->toggleViewAction()->shortcut(),
                 QKeySequence(Qt::ALT | Qt::SHIFT | Qt::Key_1));
        QDockWidget *charts = w.dock(QStringLiteral("charts"));
        QTest::keyClick(&w, Qt::Key_7, Qt::AltModifier); // Charts is the seventh dock: Alt+7 hides it
        QVERIFY(charts->isHidden());
        QTest::keyClick(&w, Qt::Key_7, Qt::AltModifier);
        QVERIFY(!charts->isHidden());
        QMenu *run = w.menuBar()->actions()[3]->menu();
        QCOMPARE(run->actions().value(0), w.liveRun()->playAction());
        QVERIFY(run->actions().contains(w.liveRun()->keepRunningAction()));

        const QString start = w.helpText(MainWindow::HelpPage::GettingStarted);
        for (const char *word : {"need", "quota", "Insistence", "ballot", "waits", "town", "Town"})
            QVERIFY2(start.contains(QLatin1String(word)), word);
        const QString keys = w.helpText(MainWindow::HelpPage::Shortcuts);
        for (const char *key : {"Ctrl+S", "Ctrl+D", "F2", "Ctrl+Z"})
            QVERIFY2(keys.contains(QLatin1String(key)), key);

        // Add Fact: a new world fact, its name ready to type over.
        menuAction(w, QStringLiteral("Add Fact"))->trigger();
        QVERIFY(factsInUse(w.document()->scenario()).contains(QStringLiteral("world.fact")));
        QCOMPARE(w.currentForm(), w.factForm());
        QCOMPARE(QApplication::focusWidget(), w.factForm()->nameEdit);
        QTest::keyClicks(w.factForm()->nameEdit, QStringLiteral("world.firewood"));
        QTest::keyClick(w.factForm()->nameEdit, Qt::Key_Return);
        QVERIFY(factsInUse(w.document()->scenario()).contains(QStringLiteral("world.firewood")));
        QVERIFY(!factsInUse(w.document()->scenario()).contains(QStringLiteral("world.fact")));

        // The context menu of an item and of a section.
        w.outline()->select(ItemRef {EntityKind::Station, 0});
        std::unique_ptr<QMenu> menu(w.outlineMenu(w.outline()->current()));
        QStringList items;
        for (QAction *a : menu->actions())
            if (!a->isSeparator())
                items << a->text().remove(u'&');
        QCOMPARE(items,
                 (QStringList {"Add Station", "Duplicate", "Rename", "Remove Selected", "Cut", "Copy", "Paste"}));
        menu.reset(w.outlineMenu(ItemRef::ofFact({})));
        QCOMPARE(menu->actions().first()->text().remove(u'&'), QStringLiteral("Add Fact"));

        // Ctrl+D and F2 in the outline.
        w.outline()->setFocus();
        QTest::keyClick(w.outline(), Qt::Key_D, Qt::ControlModifier);
        QCOMPARE(w.scenario().stations.size(), 4);
        QCOMPARE(w.scenario().stations[1].id, QStringLiteral("woodpile2"));
        QCOMPARE(w.outline()->current(), (ItemRef {EntityKind::Station, 1}));
        w.outline()->setFocus();
        QTest::keyClick(w.outline(), Qt::Key_F2);
        QCOMPARE(QApplication::focusWidget(), w.stationForm()->idEdit);
        QTest::keyClicks(w.stationForm()->idEdit, QStringLiteral("logpile"));
        QTest::keyClick(w.stationForm()->idEdit, Qt::Key_Return);
        QCOMPARE(w.scenario().stations[1].id, QStringLiteral("logpile"));
    }

    // Issue #29, 10: every character of Getting Started is in the font it is
    // shown in (the emoji marks of world and agent facts were empty boxes),
    // and its pictures load.
    void gettingStartedHasEveryGlyph()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        menuAction(w, QStringLiteral("Getting Started"))->trigger();
        auto *dialog = w.findChild<QDialog *>(QStringLiteral("helpDialog"));
        QVERIFY(dialog);
        auto *browser = dialog->findChild<QTextBrowser *>();
        QVERIFY(browser);
        int images = 0;
        for (QTextBlock block = browser->document()->begin(); block.isValid(); block = block.next()) {
            for (auto it = block.begin(); !it.atEnd(); ++it) {
                const QTextFragment fragment = it.fragment();
                if (fragment.charFormat().isImageFormat()) {
                    const QString name = fragment.charFormat().toImageFormat().name();
                    QVERIFY2(!browser->loadResource(QTextDocument::ImageResource, QUrl(name)).isNull(),
                             qPrintable(name));
                    ++images;
                    continue;
                }
                const QFontMetrics metrics(fragment.charFormat().font());
                for (const char32_t c : fragment.text().toUcs4())
                    if (c != QChar::ObjectReplacementCharacter && c != QChar::LineSeparator)
                        QVERIFY2(metrics.inFontUcs4(c),
                                 qPrintable(QStringLiteral("U+%1 not in %2")
                                                .arg(uint(c), 4, 16, QLatin1Char('0'))
                                                .arg(fragment.charFormat().font().family())));
            }
        }
        QCOMPARE(images, 2); // world and agent facts' marks
        dialog->close();
    }

    // Issue #29, 10: a right press on a section's arrow, or a right
    // double-click, no longer opens or closes it; the context menu is about
    // the row pressed, even when rows moved before it opened.
    void outlineRightClickActsOnThePressedRow()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + "/scenarios/town.json"));
        Outline *outline = w.outline();
        QWidget *viewport = outline->viewport();
        const QModelIndex actions = outline->indexOf(ItemRef {EntityKind::Action, -1});
        outline->collapse(actions);
        outline->scrollTo(actions);
        const QRect row = outline->visualRect(actions);
        const QPoint arrow(row.left() - outline->indentation() / 2, row.center().y());
        QTest::mousePress(viewport, Qt::RightButton, {}, arrow);
        QTest::mouseRelease(viewport, Qt::RightButton, {}, arrow);
        QVERIFY(!outline->isExpanded(actions));
        QTest::mouseDClick(viewport, Qt::RightButton, {}, row.center());
        QVERIFY(!outline->isExpanded(actions));
        QTest::mouseClick(viewport, Qt::LeftButton, {}, arrow); // the left button does open it
        QVERIFY(outline->isExpanded(actions));

        // Right press on a station; the facts above are folded before the menu opens.
        const ItemRef anvil {EntityKind::Station, 2};
        outline->scrollTo(outline->indexOf(anvil));
        const QPoint at = outline->visualRect(outline->indexOf(anvil)).center();
        QTest::mousePress(viewport, Qt::RightButton, {}, at);
        outline->collapse(outline->indexOf(ItemRef::ofFact({})));
        QVERIFY(outline->itemAt(at) != anvil); // the rows moved
        QString first;
        QTimer::singleShot(0, this, [&] {
            if (auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())) {
                first = menu->actions().value(0) ? menu->actions().first()->text() : QString();
                menu->close();
            }
        });
        QContextMenuEvent menuEvent(QContextMenuEvent::Mouse, at, viewport->mapToGlobal(at));
        QApplication::sendEvent(viewport, &menuEvent);
        QTest::mouseRelease(viewport, Qt::RightButton, {}, at);
        QCOMPARE(outline->current(), anvil);
        QCOMPARE(first.remove(u'&'), QStringLiteral("Add Station"));
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_mainwindow.moc"
