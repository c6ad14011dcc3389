// goap-studio: the desktop scenario editor and live simulator.
#include "docks/diffdialog.h"
#include "docks/docklayout.h"
#include "docks/issuespanel.h"
#include "mainwindow.h"
#include "run/breakpoints.h"
#include "run/liverun.h"
#include "sweep/sweepdialog.h"
#include "tool/hugeheap.h"
#include "workspace.h"

#include <QComboBox>
#include <QEventLoop>

#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QScreen>

#include <cstdio>

int main(int argc, char *argv[])
{
    goap::tool::useHugeHeap(); // first: before the scenario and the run are allocated
    QApplication::setApplicationName(QStringLiteral("GOAP Studio"));
    QApplication::setOrganizationName(QStringLiteral("GOAP Studio"));
    QApplication::setApplicationVersion(QStringLiteral(GOAP_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Scenario editor and simulator for Goal-Oriented Action Planning"));
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("scenario"), QStringLiteral("The scenario file to open."),
                                 QStringLiteral("[SCENARIO]"));
    QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                  QStringLiteral("Save a picture of the main window to FILE and exit."),
                                  QStringLiteral("FILE"));
    parser.addOption(screenshot);
    QCommandLineOption runFor(QStringLiteral("run-for"),
                              QStringLiteral("Run the scenario for SECONDS simulated seconds first."),
                              QStringLiteral("SECONDS"));
    parser.addOption(runFor);
    QCommandLineOption inspect(QStringLiteral("inspect"), QStringLiteral("Inspect the character with this id."),
                               QStringLiteral("ID"));
    parser.addOption(inspect);
    QCommandLineOption raise(QStringLiteral("raise"),
                             // Every dock by name, so the help answers without a window
                             // (test_runtools checks it against MainWindow::dockNames()).
                             QStringLiteral("Bring a dock to the front by name: outline, properties, issues, "
                                            "history, inspector, eventLog, charts, productionChain, searchTree, "
                                            "breakpoints or prefabs."),
                             QStringLiteral("DOCK"));
    parser.addOption(raise);
    QCommandLineOption maximize(QStringLiteral("maximize"),
                                QStringLiteral("With --raise: that dock fills the window (View > Maximize Dock)."));
    parser.addOption(maximize);
    QCommandLineOption select(QStringLiteral("select"),
                              QStringLiteral("Select the item at a JSON path (e.g. actions[2]) before showing."),
                              QStringLiteral("PATH"));
    parser.addOption(select);
    QCommandLineOption breakAt(QStringLiteral("break"),
                               QStringLiteral("With --run-for: stop early where SPEC happens (repeatable): "
                                              "world.bread<1, world.bread>=3, miner:agent.oreMined>=2, "
                                              "switch[:ID[:GOAL]], planfails[:ID], noplan[:ID], quota[:ID[:GOAL]]."),
                               QStringLiteral("SPEC"));
    parser.addOption(breakAt);
    QCommandLineOption sweep(QStringLiteral("sweep"),
                             QStringLiteral("Open SWEEP.json's scenario and run the sweep in Run > Sweep; "
                                            "with --screenshot, save a picture of the sweep's results."),
                             QStringLiteral("SWEEP"));
    parser.addOption(sweep);
    QCommandLineOption show(QStringLiteral("show"),
                            QStringLiteral("With --sweep: the column the heatmap shows (e.g. baker.bakeQuota.metAt)."),
                            QStringLiteral("COLUMN"));
    parser.addOption(show);
    QCommandLineOption compare(QStringLiteral("compare"),
                               QStringLiteral("Compare the scenario with another file (File > Compare With); "
                                              "with --screenshot, save a picture of the differences."),
                               QStringLiteral("file"));
    parser.addOption(compare);
    QCommandLineOption beside(QStringLiteral("beside"),
                              QStringLiteral("Open FILE in a tab beside this one's, in a split view (Window > "
                                             "Split Right); with --run-for, run both and compare this run with its "
                                             "(Window > Compare Run With); --screenshot saves the window."),
                              QStringLiteral("FILE"));
    parser.addOption(beside);

    // --help and --version are answered before QApplication exists: it needs
    // a display (and aborts without one), and these need none.
    {
        QStringList arguments;
        for (int i = 0; i < argc; ++i)
            arguments << QString::fromLocal8Bit(argv[i]);
        parser.parse(arguments); // unknown options are process()'s to refuse, with a display or not
        if (parser.isSet(help)) {
            // Without an application object Qt cannot name the program: say it as it was run.
            QString text = parser.helpText();
            text.replace(QStringLiteral("<executable_name>"), QFileInfo(arguments.first()).fileName());
            std::fputs(qPrintable(text), stdout);
            return 0;
        }
        if (parser.isSet(version)) {
            std::printf("%s %s\n", qPrintable(QCoreApplication::applicationName()),
                        qPrintable(QCoreApplication::applicationVersion()));
            return 0;
        }
    }

    QApplication app(argc, argv);
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/goap-studio.svg")));
    parser.process(app);

    // One window, its documents in tabs (workspace.h); the first tab is the
    // one every option below acts on.
    goap::editor::Workspace workspace;
    goap::editor::MainWindow &window = *workspace.current();
    if (parser.isSet(sweep)) {
        goap::Issues issues;
        const auto spec = goap::sweep::readSweep(parser.value(sweep), issues);
        for (const goap::Issue &i : issues)
            qCritical("%s", qPrintable(i.format(parser.value(sweep))));
        if (!spec || !window.openFile(spec->scenarioFile))
            return 2;
        workspace.show();
        goap::editor::SweepDialog *dialog = window.showSweep();
        if (const QString why = dialog->loadSweep(parser.value(sweep)); !why.isEmpty()) {
            qCritical("%s", qPrintable(why));
            return 2;
        }
        QEventLoop loop;
        QObject::connect(dialog, &goap::editor::SweepDialog::finished, &loop, &QEventLoop::quit);
        if (!dialog->start())
            return 2;
        loop.exec();
        if (parser.isSet(show)) {
            const int column = dialog->metricBox()->findText(parser.value(show));
            if (column < 0) {
                qCritical("no column %s in the sweep's results", qPrintable(parser.value(show)));
                return 1;
            }
            dialog->metricBox()->setCurrentIndex(column);
        }
        if (parser.isSet(screenshot)) {
            QApplication::processEvents();
            return dialog->grab().save(parser.value(screenshot)) ? 0 : 3;
        }
        return app.exec();
    }
    const QStringList files = parser.positionalArguments();
    if (!files.isEmpty() && !window.openFile(files.first()) && parser.isSet(screenshot))
        return 2;
    if (parser.isSet(select)) {
        const goap::ItemRef item = goap::editor::IssuesPanel::itemForPath(parser.value(select));
        window.outline()->select(item);
    }
    for (const QString &text : parser.values(breakAt)) {
        QString why;
        const auto spec = goap::editor::parseBreakpoint(text, window.scenario(), &why);
        if (!spec) {
            qCritical("--break %s", qPrintable(why));
            return 1;
        }
        window.breakpoints()->add(*spec);
    }
    goap::editor::MainWindow *other = nullptr;
    if (parser.isSet(beside)) {
        // A split view: this document on the left, FILE on the right, both in
        // front (a second window used to be tiled beside this one; one window
        // is what a designer keeps, and --screenshot shows both in it).
        if (parser.isSet(screenshot)) // the split view fills the screen, as a maximised window would
            workspace.setGeometry(workspace.screen()->availableGeometry());
        workspace.show(); // first: the split view lays out shown pages
        other = workspace.newTab(1);
        if (!other->openFile(parser.value(beside)))
            return 2;
        workspace.showSideBySide(&window, other);
    }
    if (parser.isSet(runFor)) {
        bool ok = false;
        const double seconds = parser.value(runFor).toDouble(&ok);
        if (!ok || seconds < 0) {
            qCritical("--run-for takes a number of simulated seconds");
            return 1;
        }
        workspace.show();
        if (!window.liveRun()->runFor(seconds)) {
            qCritical("the scenario cannot run (see goap-sim validate)");
            return 2;
        }
        if (other && (!other->liveRun()->runFor(seconds) || !window.compareRunWith(other))) {
            qCritical("the scenario beside cannot run (see goap-sim validate)");
            return 2;
        }
    }
    if (parser.isSet(inspect) && !window.inspect(parser.value(inspect))) {
        qCritical("no character %s", qPrintable(parser.value(inspect)));
        return 1;
    }
    if (parser.isSet(raise)) {
        QDockWidget *dock = window.dock(parser.value(raise));
        if (!dock) {
            qCritical("no dock %s (%s)", qPrintable(parser.value(raise)),
                      qPrintable(window.dockNames().join(QStringLiteral(", "))));
            return 1;
        }
        dock->raise();
        if (parser.isSet(maximize))
            window.dockLayout()->maximize(dock);
    } else if (parser.isSet(maximize)) {
        qCritical("--maximize goes with --raise DOCK");
        return 1;
    }
    if (parser.isSet(compare)) {
        goap::editor::DiffDialog *diff = window.compareWithFile(parser.value(compare));
        if (!diff)
            return 2;
        if (parser.isSet(screenshot))
            return diff->grab().save(parser.value(screenshot)) ? 0 : 3;
    }
    if (other && parser.isSet(screenshot)) {
        return workspace.saveScreenshot(parser.value(screenshot)) ? 0 : 3;
    }
    if (parser.isSet(screenshot))
        return workspace.saveScreenshot(parser.value(screenshot)) ? 0 : 3;
    workspace.show();
    return app.exec();
}
