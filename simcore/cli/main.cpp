// goap-sim: the headless command line on simcore.
#include "commands.h"

#include <QCoreApplication>

#ifdef GOAP_WITH_PLOT
#include "charts/chartrender.h"

#include <QApplication>
#include <QIODevice>

namespace {
QString writePlot(std::shared_ptr<const goap::CompiledScenario> scenario, const goap::sim::Samples &samples,
                  const goap::sim::EventLog &events, const goap::cli::PlotRequest &request, QIODevice *device)
{
    goap::editor::PlotOptions options;
    options.size = QSize(request.width, request.height);
    options.scale = request.scale;
    options.title = request.title;
    const bool pdf = request.fileName.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive);
    return goap::editor::writeDayCharts(std::move(scenario), samples, events, options, device, pdf);
}
} // namespace
#endif

int main(int argc, char *argv[])
{
    bool plot = false;
    for (int i = 1; i < argc; ++i)
        plot = plot || QByteArray(argv[i]).startsWith("--plot");
    std::unique_ptr<QCoreApplication> app;
#ifdef GOAP_WITH_PLOT
    if (plot) {
        // Charts need QtGui; with no display, render offscreen.
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")
            && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        app = std::make_unique<QApplication>(argc, argv);
        goap::cli::setPlotWriter(&writePlot);
    }
#endif
    if (!app)
        app = std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("goap-sim"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GOAP_VERSION));
    QStringList args = QCoreApplication::arguments();
    args.removeFirst();
    return goap::cli::run(args);
}
