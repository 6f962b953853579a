# mx suite of ccsampler: builds the instrument and the Pace test language, runs their JUnit 5 tests and runs
# guest programs under the profiler (mx ccsampler-run), with GraalVM's mx. docs/mx.md says how.
#
# Standalone (the default, tested here): Truffle, the polyglot API, the Truffle DSL processor, the Graal JIT,
# GraalJS and every other library come from Maven Central, pinned below by version and sha512 digest; the versions are the root
# pom's and the digests those of the jars Maven resolves (MxSuiteTest checks both).
#
# In a GraalVM source tree (a graal checkout next to this repository): `mx --dynamicimports /truffle,/tools ...`
# imports the truffle and tools suites at the release tag pinned below, and mx_profiler.py then builds against
# them instead of the Maven Truffle libraries (the names are mapped in mx_profiler.py, _FROM_GRAAL). Not tested
# with a real graal checkout (none on these machines), only with a stand-in: docs/mx.md.
#
# mx requires this file to be JSON-like (dicts, lists, strings, booleans): no Python expressions.
# The Maven build (pom.xml) stays the reference build; this suite mirrors its instrument and languages-test modules.
suite = {
    "mxversion": "7.27.0",
    "name": "profiler",
    "version": "0.1.0",
    "release": False,
    "groupId": "dev.ccsampler",
    "url": "https://github.com/ccsampler/ccsampler",
    "developer": {"name": "ccsampler developers"},

    "imports": {
        "suites": [
            # Loaded only with --dynamicimports (GraalVM source tree mode); pinned to graal release tag vm-25.0.1,
            # the root pom's graalvm.version.
            {"name": "truffle", "subdir": True, "dynamic": True, "version": "vm-25.0.1", "urls": [{"url": "https://github.com/oracle/graal", "kind": "git"}]},
            {"name": "tools", "subdir": True, "dynamic": True, "version": "vm-25.0.1", "urls": [{"url": "https://github.com/oracle/graal", "kind": "git"}]},
        ]
    },

    "libraries": {
        "APIGUARDIAN_MAVEN": {
            "maven": {"groupId": "org.apiguardian", "artifactId": "apiguardian-api", "version": "1.1.2"},
            "digest": "sha512:d7ccd0e7019f1a997de39d66dc0ad4efe150428fdd7f4c743c93884f1602a3e90135ad34baea96d5b6d925ad6c0c8487c8e78304f0a089a12383d4a62e2c9a61",
        },
        "GRAALJS_LANGUAGE": {
            "maven": {"groupId": "org.graalvm.js", "artifactId": "js-language", "version": "25.0.1"},
            "digest": "sha512:dbd9395b23a08718ec1273aa4f50a8d6e432a2aa79e6839d0fd13c9e16084fbaef3e3f0984a1c6d5a9ffecb595519c742250694c90bceb81e1eb55bc30af745e",
            "dependencies": ["GRAAL_REGEX", "TRUFFLE_API_MAVEN", "GRAAL_SHADOWED_ICU4J", "GRAAL_SHADOWED_XZ"],
        },
        "GRAAL_COLLECTIONS": {
            "maven": {"groupId": "org.graalvm.sdk", "artifactId": "collections", "version": "25.0.1"},
            "digest": "sha512:d7a2ed53cefca6c5b414f4c2a43452d5da0214fc2f6366074e1308ece4f6eb01142f3585ec0ddb76fd2cca2d0d2fbbdc681c40099037f333e9025595f949b167",
        },
        "GRAAL_COMPILER_MAVEN": {
            # The Graal JIT, for the optimizing Truffle runtime: mx_profiler.py puts it on --upgrade-module-path
            # with GRAAL_WORD, GRAAL_COLLECTIONS and TRUFFLE_COMPILER_MAVEN, as the root pom's jvmci directory.
            "maven": {"groupId": "org.graalvm.compiler", "artifactId": "compiler", "version": "25.0.1"},
            "digest": "sha512:0f187fea14a7c26114d06a5885f368a4c8fa8a79350af11622ced401fa784c2085fed159fba2612caff18aa5e123f91824ebab5a4c2eb7a8a34cb9f0ebd4a8db",
        },
        "GRAAL_JNIUTILS": {
            "maven": {"groupId": "org.graalvm.sdk", "artifactId": "jniutils", "version": "25.0.1"},
            "digest": "sha512:339ac2e64e5d483d08f744f8c739485820abdec2a62aef88e4ce8ac26291740a1d9a4dac93354416d1d846e075a229bf0f945a4461edaab1971d7138696d784f",
        },
        "GRAAL_NATIVEIMAGE": {
            "maven": {"groupId": "org.graalvm.sdk", "artifactId": "nativeimage", "version": "25.0.1"},
            "digest": "sha512:524f7acd656d1ada22b0229b650efed191bcab1a6939d1ff6f1c339e92a964b321d44635f86cadbd88a1df916dc919cec6cdfa379956808be3478c2d23a17cf2",
            "dependencies": ["GRAAL_WORD"],
        },
        "GRAAL_REGEX": {
            "maven": {"groupId": "org.graalvm.regex", "artifactId": "regex", "version": "25.0.1"},
            "digest": "sha512:a215b10c4fd73eff7522a78ab830134ad23176ec0d36a2e620bb2ff9a417994eed5c227c0bc12e22890904ba958b4da44f92f4f78e922fbcd2857abdc168f869",
            "dependencies": ["TRUFFLE_API_MAVEN", "GRAAL_SHADOWED_ICU4J"],
        },
        "GRAAL_SHADOWED_ICU4J": {
            "maven": {"groupId": "org.graalvm.shadowed", "artifactId": "icu4j", "version": "25.0.1"},
            "digest": "sha512:e122e16fe4fc8fa65714fe526f4eb625605a375a11e00edb6bd39352afeeb690c749c92f427135c1f01dc552b9659a28fda7730f01e0306234d8439facc7215a",
        },
        "GRAAL_SHADOWED_XZ": {
            "maven": {"groupId": "org.graalvm.shadowed", "artifactId": "xz", "version": "25.0.1"},
            "digest": "sha512:b12f38e92164e15afe257b1907ac113f6fd39e2413f208030eb376fb74e9dea5e083cabe2b5f3c3fbf4caeb63889b2b869160228d1a6c0def7f070fb60e5b2c3",
        },
        "GRAAL_WORD": {
            "maven": {"groupId": "org.graalvm.sdk", "artifactId": "word", "version": "25.0.1"},
            "digest": "sha512:9ee6a963f303d0808e6ef1e5bc9fd54efa539bc789f0ea2a0055b8ce613267ff355178145bdf301a557cfb5bd1aa84ab17a6e167e8b1ada538763885cdc0738b",
        },
        "JACKSON_CORE": {
            "maven": {"groupId": "com.fasterxml.jackson.core", "artifactId": "jackson-core", "version": "2.20.1"},
            "digest": "sha512:0463e1c2e1d8e8cfa4954dfce491583f0ec9ec1de6e6f342d1e5f0c63dcfb959673552a279ec4e6b6cc69e6ac2de6d42dd512149ceb76620b5d780db7325e6a7",
        },
        "JMC_COMMON": {
            "maven": {"groupId": "org.openjdk.jmc", "artifactId": "common", "version": "9.1.1"},
            "digest": "sha512:56362f41e5ee755d602cb4de296ff8876c6721d9ad2ae45eb975d37bd40edc04f1baca0b08d7a76758c0c404513b170d6b085c3250c9d997263039d37a3c37ed",
            "dependencies": ["OWASP_ENCODER", "LZ4_JAVA"],
        },
        "JMC_FLIGHTRECORDER_WRITER": {
            "maven": {"groupId": "org.openjdk.jmc", "artifactId": "flightrecorder.writer", "version": "9.1.1"},
            "digest": "sha512:ee6ed5c58d9528f22b37c4909c30e8736bcf4a1f8258780cfb869cfaf6f7f4d699a323cfea41de733adc5c03c43bd26fb699ad54d1bb87afda8ea200ab3e51aa",
            "dependencies": ["JMC_COMMON"],
        },
        "JUNIT_PLATFORM_COMMONS": {
            "maven": {"groupId": "org.junit.platform", "artifactId": "junit-platform-commons", "version": "1.11.4"},
            "digest": "sha512:0719cd50d439dc303310ff350ca3ea01df077e80290836a7489adfa3d03cca36ee97537cca9df83822ca9166f55c0cbcafa9f1c4605553b36d0cf342ba3a1fb7",
            "dependencies": ["APIGUARDIAN_MAVEN"],
        },
        "JUNIT_PLATFORM_ENGINE": {
            "maven": {"groupId": "org.junit.platform", "artifactId": "junit-platform-engine", "version": "1.11.4"},
            "digest": "sha512:6f50e878febe64d167611e48db6522bdad20440ab4f97243fc00bcca70d400ea6ee3efff0906479ab8017bcc6d049212d5c2babb17db111402900069359eb658",
            "dependencies": ["OPENTEST4J_MAVEN", "JUNIT_PLATFORM_COMMONS", "APIGUARDIAN_MAVEN"],
        },
        "JUNIT_PLATFORM_LAUNCHER": {
            "maven": {"groupId": "org.junit.platform", "artifactId": "junit-platform-launcher", "version": "1.11.4"},
            "digest": "sha512:92990d325829a9a70a0dc5ab1c20e3146ebd4859363b713f7a2b2858192df3115e992869c0ca3155789515cefb2c868c02a106bcc4fa4a796b8f09777b4911f0",
            "dependencies": ["JUNIT_PLATFORM_ENGINE"],
        },
        "JUPITER_API": {
            "maven": {"groupId": "org.junit.jupiter", "artifactId": "junit-jupiter-api", "version": "5.11.4"},
            "digest": "sha512:4def96fbd316a49a5d8646d9341fb68865b4ca2e6c72efc05e5f87b357ea0a66fd7edccf02f53d32d8be13530b04d8cad99035d7c2e8697fef526f0e5959c928",
            "dependencies": ["OPENTEST4J_MAVEN", "JUNIT_PLATFORM_COMMONS", "APIGUARDIAN_MAVEN"],
        },
        "JUPITER_ENGINE": {
            "maven": {"groupId": "org.junit.jupiter", "artifactId": "junit-jupiter-engine", "version": "5.11.4"},
            "digest": "sha512:a2d5cfaa919504a5013facc3711f79d0f68410f7296f2c7153e14e89c437e2a3a0c408d6d09924b60b6b3b6a17367b0a5f0511044be7abff707a30cfd1d3176b",
            "dependencies": ["JUPITER_API", "JUNIT_PLATFORM_ENGINE"],
        },
        "JUPITER_PARAMS": {
            "maven": {"groupId": "org.junit.jupiter", "artifactId": "junit-jupiter-params", "version": "5.11.4"},
            "digest": "sha512:a3febda98ac0ede59b6b92eb6034251bc7b200052d44f13b4413e3c7b467920c02f8e4af3376f4f6e4653bdb046660bc8938b44e8577daa3bfaeb5328461e32e",
            "dependencies": ["JUPITER_API"],
        },
        "LZ4_JAVA": {
            "maven": {"groupId": "org.lz4", "artifactId": "lz4-java", "version": "1.8.0"},
            "digest": "sha512:98d59086a6021ca571d9c1d64b715e43044c730e1ac563f514c40cf44302615d30378b6d5cc69990446522de6260dc8e7b303e3990a3139dc326d058dfb6dbd9",
        },
        "OPENTEST4J_MAVEN": {
            "maven": {"groupId": "org.opentest4j", "artifactId": "opentest4j", "version": "1.3.0"},
            "digest": "sha512:78fc698a7871bb50305e3657893c10500595f043348d875f57bc39ca4a6a51eda3967b7c8c8a7ec3e8f85f2171bca4aa98823e912e416e87e81c6ba5b70a37c3",
            "dependencies": ["JUNIT_PLATFORM_COMMONS"],
        },
        "OWASP_ENCODER": {
            "maven": {"groupId": "org.owasp.encoder", "artifactId": "encoder", "version": "1.2.3"},
            "digest": "sha512:ba7887259007272c533228cec1e2c5caebd639ef05b7b8925be6a0b5a7da5859e82489af4d462153e64bf2ce1234a8d6caa606fc6e42675a41cf7a067cfc5f6b",
        },
        "POLYGLOT_MAVEN": {
            "maven": {"groupId": "org.graalvm.polyglot", "artifactId": "polyglot", "version": "25.0.1"},
            "digest": "sha512:c90b890d4449402a7ca3a6d68799320fb4937f06785f00f798f256d7dba3cfa728bb63af380db393eaabff97e6802dc32148fa70eaa573c4346e6c073a4e2c07",
            "dependencies": ["GRAAL_COLLECTIONS", "GRAAL_NATIVEIMAGE"],
        },
        "PROTOBUF_JAVA": {
            "maven": {"groupId": "com.google.protobuf", "artifactId": "protobuf-java", "version": "4.33.1"},
            "digest": "sha512:1a64e3c5d26e81c8b055ffe794347124450eaede250a5116b58b874002d88e886037a8e2c8ab1fe0d01f3ddc10d08321e3319a4b47ea9608694f74b23fbc1cd5",
        },
        "TRUFFLE_API_MAVEN": {
            "maven": {"groupId": "org.graalvm.truffle", "artifactId": "truffle-api", "version": "25.0.1"},
            "digest": "sha512:3c9d1500b667a598b1787921272a43e0d63e7c4743fc0fbf4a214f4aef7d122972d4eb7066f33298c127ca009a49c7043ded4455335e65bf6aa2bc041b2220d6",
            "dependencies": ["POLYGLOT_MAVEN", "GRAAL_COLLECTIONS", "GRAAL_NATIVEIMAGE"],
        },
        "TRUFFLE_COMPILER_MAVEN": {
            "maven": {"groupId": "org.graalvm.truffle", "artifactId": "truffle-compiler", "version": "25.0.1"},
            "digest": "sha512:fc66ff94b480d5268c94a2ad0b820095f8344f6de724a83d4b063c34287650f029cbe39cdeb33a121519a481704759dd2c1b1306d37224608f3828439cbf046f",
        },
        "TRUFFLE_DSL_PROCESSOR_MAVEN": {
            "maven": {"groupId": "org.graalvm.truffle", "artifactId": "truffle-dsl-processor", "version": "25.0.1"},
            "digest": "sha512:ca922b28574fd3e77dfe27303147c077090992b9b8c455c2286e4a9b413967fd2a3505a628c0943c58ffc25233fc1e49a9a6abeee3746cce2feaeeff92c60718",
        },
        "TRUFFLE_RUNTIME_MAVEN": {
            "maven": {"groupId": "org.graalvm.truffle", "artifactId": "truffle-runtime", "version": "25.0.1"},
            "digest": "sha512:20276374ca6d2e356849cb5a9103657a10f8459dd7a18bc7c2b2a5a39b4ac25bf4dda5a19841ab72eae0e6d186d4f56e8e9e761cb4f1a2c30483db613752b35a",
            "dependencies": ["TRUFFLE_API_MAVEN", "TRUFFLE_COMPILER_MAVEN", "GRAAL_JNIUTILS"],
        },
        "PROFILER_TOOL_MAVEN": {
            "maven": {"groupId": "org.graalvm.tools", "artifactId": "profiler-tool", "version": "25.0.1"},
            "digest": "sha512:590b8ed2bc0ac1385c77dc92ad4293e822e6d55a0edc98909171f1bfe9dfda260f9044a723e6377e715695ecfd239ed29ee8de380e24811c460c4ec273c85c7f",
            "dependencies": ["TRUFFLE_API_MAVEN", "GRAAL_SHADOWED_JSON"],
        },
        "GRAAL_SHADOWED_JSON": {
            "maven": {"groupId": "org.graalvm.shadowed", "artifactId": "json", "version": "25.0.1"},
            "digest": "sha512:3f8e230a178ea701b6b52a48c127783468189cf3636aba71c42ef1b143425f022ee7aaf311b98dc8f3d2ca08c661680c75a3df7bb6a721f866161b1b5255f1f2",
        },
    },

    "projects": {
        # The instrument: sources of the Maven module instrument (module-info.java included).
        "dev.ccsampler": {
            "class": "ClasspathJavaProject",
            "dir": "instrument/src/main",
            # mx copies the files that are not .java from source directories into the jar: resources/ holds
            # the flame graph page.
            "sourceDirs": ["java", "resources"],
            "dependencies": ["TRUFFLE_API_MAVEN", "POLYGLOT_MAVEN", "JACKSON_CORE", "PROTOBUF_JAVA", "JMC_FLIGHTRECORDER_WRITER", "JMC_COMMON", "OWASP_ENCODER", "LZ4_JAVA"],
            "requires": ["jdk.jfr", "java.net.http", "jdk.httpserver", "java.management"],
            "annotationProcessors": ["TRUFFLE_DSL_PROCESSOR_MAVEN"],
            "javaCompliance": "21+",
        },
        # Pace, the test language (Maven module languages-test, main sources).
        "dev.ccsampler.pace": {
            "dir": "languages-test/src/main",
            "sourceDirs": ["java"],
            "dependencies": ["TRUFFLE_API_MAVEN", "POLYGLOT_MAVEN"],
            "annotationProcessors": ["TRUFFLE_DSL_PROCESSOR_MAVEN"],
            "javaCompliance": "21+",
        },
        # The instrument's unit tests (JUnit 5), run from instrument/ as Maven runs them; GraalJS for the exhaustive tracer's.
        "dev.ccsampler.test": {
            "dir": "instrument/src/test",
            "sourceDirs": ["java"],
            "dependencies": ["dev.ccsampler", "TRUFFLE_RUNTIME_MAVEN", "GRAALJS_LANGUAGE", "JUPITER_API", "JUPITER_PARAMS", "JUPITER_ENGINE", "JUNIT_PLATFORM_LAUNCHER", "JUNIT_PLATFORM_ENGINE", "JUNIT_PLATFORM_COMMONS", "OPENTEST4J_MAVEN", "APIGUARDIAN_MAVEN"],
            "requires": ["jdk.javadoc", "jdk.compiler", "jdk.httpserver", "jdk.jfr"],
            "javaCompliance": "21+",
            "testProject": True,
        },
        # Pace's tests and the cross-language tests (Maven module languages-test), run from languages-test/; GraalJS from
        # Maven Central for the JavaScript ones (GraalPy is left out: mx_profiler.py leaves its tests out).
        "dev.ccsampler.pace.test": {
            "dir": "languages-test/src/test",
            "sourceDirs": ["java"],
            "requires": ["java.management", "jdk.management", "java.logging", "jdk.jfr", "jdk.httpserver"],
            "dependencies": ["dev.ccsampler", "dev.ccsampler.pace", "TRUFFLE_RUNTIME_MAVEN", "PROFILER_TOOL_MAVEN", "GRAALJS_LANGUAGE", "JUPITER_API", "JUPITER_PARAMS", "JUPITER_ENGINE", "JUNIT_PLATFORM_LAUNCHER", "JUNIT_PLATFORM_ENGINE", "JUNIT_PLATFORM_COMMONS", "OPENTEST4J_MAVEN", "APIGUARDIAN_MAVEN"],
            "javaCompliance": "21+",
            "testProject": True,
        },
        # Runs JUnit 5 tests for mx unittest and mx ccsampler-unittest (mx's own runner drives JUnit 4 only).
        "dev.ccsampler.mx.junit": {
            "dir": "mx.profiler/java/dev.ccsampler.mx.junit",
            "sourceDirs": ["src"],
            "dependencies": ["JUNIT_PLATFORM_LAUNCHER"],
            "javaCompliance": "21+",
        },
        # The guest launcher of mx ccsampler-run, with the optimizing Truffle runtime (mx_profiler.py adds the Graal JIT).
        "dev.ccsampler.mx.launcher": {
            "dir": "mx.profiler/java/dev.ccsampler.mx.launcher",
            "sourceDirs": ["src"],
            "dependencies": ["TRUFFLE_API_MAVEN", "POLYGLOT_MAVEN", "TRUFFLE_RUNTIME_MAVEN"],
            "javaCompliance": "21+",
        },
    },

    "distributions": {
        "CCSAMPLER": {
            "dependencies": ["dev.ccsampler"],
            "exclude": ["TRUFFLE_API_MAVEN", "POLYGLOT_MAVEN", "GRAAL_COLLECTIONS", "GRAAL_NATIVEIMAGE", "GRAAL_WORD", "JACKSON_CORE", "PROTOBUF_JAVA", "JMC_FLIGHTRECORDER_WRITER", "JMC_COMMON", "OWASP_ENCODER", "LZ4_JAVA"],
                        "description": "ccsampler: calling-context sampling profiler instrument for Truffle languages",
            "maven": False,
        },
        "CCSAMPLER_PACE": {
            "dependencies": ["dev.ccsampler.pace"],
            "exclude": ["TRUFFLE_API_MAVEN", "POLYGLOT_MAVEN", "GRAAL_COLLECTIONS", "GRAAL_NATIVEIMAGE", "GRAAL_WORD"],
                        "description": "Pace, ccsampler's test language",
            "maven": False,
        },
        "CCSAMPLER_MX_JUNIT": {
            "dependencies": ["dev.ccsampler.mx.junit"],
            "exclude": ["JUPITER_API", "JUPITER_PARAMS", "JUPITER_ENGINE", "JUNIT_PLATFORM_LAUNCHER", "JUNIT_PLATFORM_ENGINE", "JUNIT_PLATFORM_COMMONS", "OPENTEST4J_MAVEN", "APIGUARDIAN_MAVEN"],
            "maven": False,
        },
        "CCSAMPLER_TEST": {
            "testDistribution": True,
            "unittestConfig": "ccsampler-jupiter",
            "dependencies": ["dev.ccsampler.test"],
            "distDependencies": ["CCSAMPLER", "CCSAMPLER_MX_JUNIT"],
            "exclude": ["TRUFFLE_API_MAVEN", "POLYGLOT_MAVEN", "GRAAL_COLLECTIONS", "GRAAL_NATIVEIMAGE", "GRAAL_WORD", "JACKSON_CORE", "PROTOBUF_JAVA", "JMC_FLIGHTRECORDER_WRITER", "JMC_COMMON", "OWASP_ENCODER", "LZ4_JAVA", "TRUFFLE_RUNTIME_MAVEN", "TRUFFLE_COMPILER_MAVEN", "GRAAL_JNIUTILS", "JUPITER_API", "JUPITER_PARAMS", "JUPITER_ENGINE", "JUNIT_PLATFORM_LAUNCHER", "JUNIT_PLATFORM_ENGINE", "JUNIT_PLATFORM_COMMONS", "OPENTEST4J_MAVEN", "APIGUARDIAN_MAVEN", "GRAALJS_LANGUAGE", "GRAAL_REGEX", "GRAAL_SHADOWED_ICU4J", "GRAAL_SHADOWED_XZ"],
            "maven": False,
        },
        "CCSAMPLER_PACE_TEST": {
            "testDistribution": True,
            "unittestConfig": "ccsampler-jupiter",
            "dependencies": ["dev.ccsampler.pace.test"],
            "distDependencies": ["CCSAMPLER", "CCSAMPLER_PACE", "CCSAMPLER_MX_JUNIT"],
            "exclude": ["TRUFFLE_API_MAVEN", "POLYGLOT_MAVEN", "GRAAL_COLLECTIONS", "GRAAL_NATIVEIMAGE", "GRAAL_WORD", "JACKSON_CORE", "PROTOBUF_JAVA", "JMC_FLIGHTRECORDER_WRITER", "JMC_COMMON", "OWASP_ENCODER", "LZ4_JAVA", "TRUFFLE_RUNTIME_MAVEN", "TRUFFLE_COMPILER_MAVEN", "GRAAL_JNIUTILS", "PROFILER_TOOL_MAVEN", "GRAAL_SHADOWED_JSON", "JUPITER_API", "JUPITER_PARAMS", "JUPITER_ENGINE", "JUNIT_PLATFORM_LAUNCHER", "JUNIT_PLATFORM_ENGINE", "JUNIT_PLATFORM_COMMONS", "OPENTEST4J_MAVEN", "APIGUARDIAN_MAVEN", "GRAALJS_LANGUAGE", "GRAAL_REGEX", "GRAAL_SHADOWED_ICU4J", "GRAAL_SHADOWED_XZ"],
            "maven": False,
        },
        # What mx ccsampler-run puts on the class path: the instrument, Pace, the launcher. A distribution's class path
        # holds the libraries it excludes from its jar, so each "exclude" lists exactly the libraries its projects use.
        # mx ccsampler-run adds the GRAALJS_LANGUAGE library for .js programs (maven mode).
        "CCSAMPLER_LAUNCHER": {
            "dependencies": ["dev.ccsampler.mx.launcher"],
            "distDependencies": ["CCSAMPLER", "CCSAMPLER_PACE"],
            "exclude": ["TRUFFLE_API_MAVEN", "POLYGLOT_MAVEN", "GRAAL_COLLECTIONS", "GRAAL_NATIVEIMAGE", "GRAAL_WORD", "JACKSON_CORE", "PROTOBUF_JAVA", "JMC_FLIGHTRECORDER_WRITER", "JMC_COMMON", "OWASP_ENCODER", "LZ4_JAVA", "TRUFFLE_RUNTIME_MAVEN", "TRUFFLE_COMPILER_MAVEN", "GRAAL_JNIUTILS"],
            "maven": False,
        },
    },
}
